import { createPgliteClient } from './pglite.ts';
import type { SqlClient } from './sql-client.ts';

/**
 * Creates the PGlite database cluster in the directory given, seeds it with the module given if any (its
 * `seedNewCluster`, given the options as JSON), and exits (see ensurePgliteCluster).
 */
const [dir, seedModule, seedOptions] = process.argv.slice(2);
if (!dir) throw new Error('usage: pglite-cluster-main <data directory> [<seed module URL> <options as JSON>]');
const db = await createPgliteClient(dir);
try {
  if (seedModule) {
    const { seedNewCluster } = (await import(seedModule)) as { seedNewCluster: (db: SqlClient, options: unknown) => Promise<void> };
    await seedNewCluster(db, JSON.parse(seedOptions ?? 'null'));
  }
} finally {
  await db.close();
}
