// The floors of Kith (docs/architecture.md), checked by `npm test`. Each rule names the arrow it forbids.
const drivers = '^(pg|pg-copy-streams|kafkajs|@clickhouse/client|@electric-sql/pglite|fs-native-extensions)$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle has no floor: one of its files must move or split.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'schemas-import-zod-only',
      severity: 'error',
      comment:
        'schemas/ is the ground floor: the wire and record shapes, built from zod and each other, and the formats ' +
        'of identifiers they check (schemas/formats/, with libphonenumber-js for phone numbers).',
      from: { path: '^schemas/', pathNot: '[.]test[.]ts$' },
      to: { pathNot: ['^schemas/', '^node_modules/(zod|libphonenumber-js)/'] },
    },
    {
      name: 'domain-imports-schemas-and-itself',
      severity: 'error',
      comment: 'domain/ is pure logic over the schemas: no drivers, no workers, no ingress (its tests may read fixtures).',
      from: { path: '^domain/', pathNot: '[.]test[.]ts$' },
      to: { path: '^(adapters|api|workers|composition|cli|synthetic)/|^(node:)?(fs|net|dns|http|https|child_process|worker_threads)$' },
    },
    {
      name: 'adapters-import-down-only',
      severity: 'error',
      comment: 'adapters/ drive the outside world for the floors above; they never import them.',
      from: { path: '^adapters/' },
      to: { path: '^(api|workers|composition|cli)/' },
    },
    {
      name: 'no-cross-worker',
      severity: 'error',
      comment:
        'A worker uses domain/, adapters/, the runtime and what workers share (workers/shared/), never another worker.',
      from: { path: '^workers/([^/]+)/' },
      to: { path: '^workers/', pathNot: ['^workers/$1/', '^workers/runtime/', '^workers/shared/'] },
    },
    {
      name: 'runtime-and-shared-import-no-worker',
      severity: 'error',
      comment: 'The worker runtime and what workers share know no worker in particular.',
      from: { path: '^workers/(runtime|shared)/' },
      to: { path: '^workers/', pathNot: '^workers/(runtime|shared)/' },
    },
    {
      name: 'ingress-imports-no-worker',
      severity: 'error',
      comment: 'The ingress publishes requests; what a worker does reaches it only through domain/ and adapters/.',
      from: { path: '^api/' },
      to: { path: '^(workers|composition|cli)/' },
    },
    {
      name: 'synthetic-data-is-a-tool',
      severity: 'error',
      comment:
        'The synthetic-data generators serve the CLI, the bench, the tests and the embedded first-start demo ' +
        '(composition/); nothing else of the service imports them.',
      from: { path: '^(schemas|domain|adapters|api|workers)/', pathNot: '[.]test[.]ts$' },
      to: { path: '^synthetic/' },
    },
    {
      name: 'synthetic-imports-down-only',
      severity: 'error',
      comment: 'The generators write data through schemas/, domain/ and adapters/, never through the service.',
      from: { path: '^synthetic/' },
      to: { path: '^(api|workers|composition|cli)/' },
    },
    {
      name: 'drivers-only-in-adapters',
      severity: 'error',
      comment: 'A database, bus or file-lock driver is imported by adapters/ only.',
      from: { pathNot: '^(adapters|test|bench)/' },
      to: { path: `^node_modules/${drivers.slice(1, -1)}/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^dist/|^node_modules/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
