import { randomBytes } from 'node:crypto';
import { WORKER_NAMES } from '../schemas/events/topics.ts';
import { imageNodeOptions, NPM_START_ENV, NPM_START_FLAGS } from '../test/support/processes.ts';
import { spawnServer, type BenchProcess } from './processes.ts';

export const BENCH_MODES = ['embedded', 'distributed'] as const;
export type BenchMode = (typeof BENCH_MODES)[number];

export type KithDeployment = {
  mode: BenchMode;
  /** Base URL of each ingress replica. */
  urls: string[];
  adminToken: string;
  /** The ingress replicas (or the one embedded process): what the load is aimed at. */
  ingress: BenchProcess[];
  /** Every Kith process, workers included. */
  processes: BenchProcess[];
  /** The environment the Kith processes were started with (where their data lives). */
  env: Record<string, string>;
};

export type KithStartOptions = {
  mode: BenchMode;
  /** Ingress replicas in distributed mode. */
  ingress: number;
  /** Enrichment worker replicas in distributed mode (the other workers run once each). */
  enrichmentWorkers: number;
  /** DATABASE_URL and KAFKA_BROKERS in distributed mode. */
  services: Record<string, string>;
  /** A fresh directory for PGlite in embedded mode. */
  dataDir: string;
  logDir: string;
  logLevel: string;
  nodeFlags: string[];
  /** A scenario's own settings. */
  env: Record<string, string>;
  /** Where the compiled Kith is (BUILD_DIR unless given). */
  buildDir?: string;
};

const LISTENING = /"port":(\d+).*"msg":"kith listening"/;

/** Where `npm run build` puts the compiled Kith that the bench runs, as the image does. */
export const BUILD_DIR = 'dist';

/**
 * Kith as deployed, compiled (`npm run build`, which the harness runs first), with the V8 flags and variables of
 * `npm start` (embedded) or the V8 flags of the image (distributed), one process per role: embedded is a single
 * process (PGlite, embedded bus, every role); distributed is one process per worker plus `ingress` replicas, on
 * PostgreSQL and Kafka, on topics of their own (a fresh KITH_TOPIC_PREFIX per run, as the tests do).
 */
export async function startKithDeployment(options: KithStartOptions): Promise<KithDeployment> {
  const adminToken = `kith_admin_bench_${randomBytes(16).toString('hex')}`;
  // Usage goes to ClickHouse only where the scenario says so (its env), not because the bench's shell has CLICKHOUSE_URL.
  const common = {
    // npm start's flags go on the command line (node refuses V8's WebAssembly flags in NODE_OPTIONS); the image's
    // in NODE_OPTIONS, as it sets them.
    NODE_OPTIONS: options.mode === 'embedded' ? '' : imageNodeOptions().join(' '),
    PORT: '0',
    HOST: '127.0.0.1',
    KITH_ADMIN_TOKEN: adminToken,
    KITH_DEMO: 'false',
    LOG_LEVEL: options.logLevel,
    CLICKHOUSE_URL: '',
  };
  const modeFlags = options.mode === 'embedded' ? NPM_START_FLAGS : [];
  const start = (name: string, env: Record<string, string>) =>
    spawnServer({ name, entry: `${options.buildDir ?? BUILD_DIR}/main.js`, env, logDir: options.logDir, nodeFlags: [...modeFlags, ...options.nodeFlags], ready: LISTENING });

  if (options.mode === 'embedded') {
    const env = { ...common, ...NPM_START_ENV, DATABASE_URL: '', KAFKA_BROKERS: '', KITH_DATA_DIR: options.dataDir, KITH_ROLES: 'all', ...options.env };
    const kith = await start('kith', env);
    return { mode: 'embedded', urls: [`http://127.0.0.1:${kith.port}`], adminToken, ingress: [kith], processes: [kith], env };
  }

  const { DATABASE_URL, KAFKA_BROKERS } = options.services;
  if (!DATABASE_URL || !KAFKA_BROKERS) throw new Error('distributed mode needs DATABASE_URL and KAFKA_BROKERS');
  const env = { ...common, DATABASE_URL, KAFKA_BROKERS, KITH_TOPIC_PREFIX: `bench-${randomBytes(4).toString('hex')}`, ...options.env };
  const started = await Promise.all([
    ...WORKER_NAMES.filter((worker) => worker !== 'enrichment').map((worker) => start(`worker-${worker}`, { ...env, KITH_ROLES: `worker:${worker}` })),
    ...Array.from({ length: options.enrichmentWorkers }, (_, i) =>
      start(options.enrichmentWorkers > 1 ? `worker-enrichment-${i + 1}` : 'worker-enrichment', { ...env, KITH_ROLES: 'worker:enrichment' }),
    ),
    ...Array.from({ length: options.ingress }, (_, i) =>
      start(`ingress-${i + 1}`, { ...env, KITH_ROLES: 'ingress', KITH_INSTANCE_ID: `bench-ingress-${i + 1}` }),
    ),
  ]);
  const ingress = started.filter((proc) => proc.name.startsWith('ingress-'));
  return {
    mode: 'distributed',
    urls: ingress.map((proc) => `http://127.0.0.1:${proc.port}`),
    adminToken,
    ingress,
    processes: started,
    env,
  };
}
