import { createPgliteClient } from './pglite.ts';
import type { SqlClient } from './sql-client.ts';

/**
 * Creates the PGlite database cluster in the directory given, seeds it with the module given if any (its
 * `seedNewCluster`, given the options as JSON), and exits (see ensurePgliteCluster).
 */
const [dir, seedModule, seedOptions] = process.argv.slice(2);
if (!dir) throw new Error('usage: pglite-cluster-main <data directory> [<seed module URL> <options as JSON>]');

/** The process making its database with this one: only it moves the directory into place. */
const maker = process.ppid;

/**
 * The client the seed writes through, which stops this process before any statement once its maker is gone (killed,
 * its parent is someone else): nobody would move the directory into place, and the next start removes it. Looked at
 * statement by statement, since the seed's work never lets the event loop wait for an event that would say so.
 */
function stoppingWhenOrphaned(client: SqlClient): SqlClient {
  const orphaned = () => {
    if (process.ppid !== maker) process.exit(1);
  };
  return {
    query: (text, params) => {
      orphaned();
      return client.query(text, params);
    },
    execScript: (sql) => {
      orphaned();
      return client.execScript(sql);
    },
    transaction: (work) => client.transaction((tx) => work(stoppingWhenOrphaned(tx))),
    close: () => client.close(),
  };
}

const db = await createPgliteClient(dir);
try {
  if (seedModule) {
    const { seedNewCluster } = (await import(seedModule)) as { seedNewCluster: (db: SqlClient, options: unknown) => Promise<void> };
    await seedNewCluster(stoppingWhenOrphaned(db), JSON.parse(seedOptions ?? 'null'));
  }
} finally {
  await db.close();
}
