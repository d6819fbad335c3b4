import { PGlite, type Transaction } from '@electric-sql/pglite';
import { classifySqlError, type SqlClient } from './sql-client.ts';

type Queryable = Pick<PGlite | Transaction, 'query' | 'exec'>;

function wrap(target: Queryable, transaction: SqlClient['transaction'], close: () => Promise<void>): SqlClient {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      try {
        const result = await target.query<Row>(text, params as unknown[]);
        return result.rows;
      } catch (error) {
        throw classifySqlError(error);
      }
    },
    async execScript(sql: string) {
      try {
        await target.exec(sql);
      } catch (error) {
        throw classifySqlError(error);
      }
    },
    transaction,
    close,
  };
}

/** The embedded database: PGlite persisted under `dataDir` (or in memory when none is given). */
export async function createPgliteClient(dataDir: string | undefined): Promise<SqlClient> {
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const noNested = () => Promise.reject(new Error('nested transactions are not supported'));
  const transaction: SqlClient['transaction'] = (work) =>
    db.transaction((tx) => work(wrap(tx, noNested, async () => {})));
  return wrap(db, transaction, () => db.close());
}
