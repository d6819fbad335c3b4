import pg from 'pg';
import { classifySqlError, sqlClient, type SqlClient } from './sql-client.ts';

/** Statements prepared on each connection at the most: Kith's SQL is static text, so this bound is never reached. */
const MAX_PREPARED = 500;
const statementNames = new Map<string, string>();

/**
 * The name under which a statement is prepared once per connection and reused after: PostgreSQL then parses
 * and plans each hot query (rate-limit counters, lookups, usage) once per connection instead of on every call.
 * A text beyond the bound runs unnamed, as every query did before.
 */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `kith_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

const calls = (target: pg.Pool | pg.PoolClient) => ({
  rows: async (text: string, params: unknown[]) => (await target.query({ text, values: params, name: statementName(text) })).rows,
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
  return sqlClient(calls(pool), transaction, () => pool.end(), poolSize > 1);
}
