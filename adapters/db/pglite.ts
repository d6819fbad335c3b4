import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sqlClient, type SqlClient } from './sql-client.ts';

const calls = (target: PGlite | Transaction) => ({
  rows: async (text: string, params: unknown[]) => (await target.query(text, params)).rows,
  script: (sql: string) => target.exec(sql),
});

/** The embedded database: PGlite persisted under `dataDir` (or in memory when none is given). */
export async function createPgliteClient(dataDir: string | undefined): Promise<SqlClient> {
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  return sqlClient(
    calls(db),
    (work) => db.transaction((tx) => work(sqlClient(calls(tx)))),
    () => db.close(),
  );
}
