import pg from 'pg';
import { classifySqlError, type SqlClient } from './sql-client.ts';

type Queryable = Pick<pg.PoolClient, 'query'>;

function wrap(target: Queryable, transaction: SqlClient['transaction'], close: () => Promise<void>): SqlClient {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      try {
        const result = await target.query(text, params as unknown[]);
        return result.rows as Row[];
      } catch (error) {
        throw classifySqlError(error);
      }
    },
    async execScript(sql: string) {
      try {
        await target.query(sql);
      } catch (error) {
        throw classifySqlError(error);
      }
    },
    transaction,
    close,
  };
}

/** A pg Pool behind SqlClient. */
export function createPgClient(connectionString: string, poolSize: number): SqlClient {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight get their own error.
  });
  const noNested = () => Promise.reject(new Error('nested transactions are not supported'));
  const transaction: SqlClient['transaction'] = async (work) => {
    const connection = await pool.connect().catch((error: unknown) => {
      throw classifySqlError(error);
    });
    try {
      await connection.query('BEGIN');
      const result = await work(wrap(connection, noNested, async () => {}));
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  };
  return wrap(pool, transaction, () => pool.end());
}
