import pg from 'pg';
import { classifySqlError, sqlClient, type SqlClient } from './sql-client.ts';

const calls = (target: pg.Pool | pg.PoolClient) => ({
  rows: async (text: string, params: unknown[]) => (await target.query(text, params)).rows,
  // Without parameters pg uses the simple protocol, which runs several statements.
  script: (sql: string) => target.query(sql),
});

/** A pg Pool behind SqlClient. */
export function createPgClient(connectionString: string, poolSize: number): SqlClient {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight get their own error.
  });
  const transaction: SqlClient['transaction'] = async (work) => {
    const connection = await pool.connect().catch((error: unknown) => {
      throw classifySqlError(error);
    });
    try {
      await connection.query('BEGIN');
      const result = await work(sqlClient(calls(connection)));
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  };
  return sqlClient(calls(pool), transaction, () => pool.end());
}
