import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sqlClient, type SqlClient } from './sql-client.ts';

const calls = (target: PGlite | Transaction) => ({
  rows: async (text: string, params: unknown[]) => (await target.query(text, params)).rows,
  script: (sql: string) => target.exec(sql),
});

/**
 * The embedded database: PGlite persisted under `dataDir` (or in memory when none is given). PGlite builds
 * contrib extensions separately: pg_trgm, which company search needs (migration 007), is loaded here so that
 * the same migrations run on PGlite and PostgreSQL.
 */
export async function createPgliteClient(dataDir: string | undefined): Promise<SqlClient> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  return sqlClient(
    calls(db),
    (work) => db.transaction((tx) => work(sqlClient(calls(tx)))),
    () => db.close(),
  );
}
