/**
 * Run as a child process by test/adapters/first-start.test.ts: opens a new embedded data directory as a first start
 * does, the demo seeded by test/fixtures/stopped-seed.ts, which holds its seeding child at the point given; the test
 * then kills this process, as an operator's `kill -9` would kill Kith.
 * Arguments: <dataDir> <where the seed stops, as JSON>
 */
import { openDatabase } from '../../adapters/db/open.ts';

const [dataDir, stopAt] = process.argv.slice(2) as [string, string];
const db = await openDatabase({
  databaseUrl: undefined,
  dataDir,
  poolSize: 1,
  seedNewCluster: {
    module: new URL('../fixtures/stopped-seed.ts', import.meta.url).href,
    options: { demo: true, train: false, stopAt: JSON.parse(stopAt) },
    output: (text) => process.stdout.write(`${text}\n`),
  },
});
await db.close();
process.stdout.write('opened\n');
