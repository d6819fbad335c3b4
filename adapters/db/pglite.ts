import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparedStatements } from './pglite-prepared.ts';
import { sqlClient, type SqlClient } from './sql-client.ts';

/**
 * PostgreSQL's defaults size shared memory for a server: 128 MB of buffers, 100 connections. PGlite serves one
 * connection, and what its buffers miss the operating system's file cache still holds. With 16 MB of buffers
 * the WebAssembly memory stays at the 128 MB PGlite starts with instead of 189 MB, and a process that opened a
 * database holds about 210 MB instead of 340 MB (docs/decisions.md, "The embedded database's memory").
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'max_connections=5'];

/**
 * The embedded database: PGlite persisted under `dataDir` (or in memory when none is given). PGlite builds
 * contrib extensions separately: pg_trgm, which company search needs (migration 007), is loaded here so that
 * the same migrations run on PGlite and PostgreSQL.
 */
export async function createPgliteClient(dataDir: string | undefined): Promise<SqlClient> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm }, startParams: START_PARAMS });
  const prepared = preparedStatements(db);
  const inTransaction = (tx: Transaction) => ({ rows: prepared.queryInTransaction, script: (sql: string) => tx.exec(sql) });
  return sqlClient(
    { rows: prepared.query, script: (sql) => db.exec(sql) },
    (work) => db.transaction((tx) => work(sqlClient(inTransaction(tx)))),
    () => db.close(),
  );
}
