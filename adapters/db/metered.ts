import type { SqlMetrics } from '../metrics/port.ts';
import type { SqlClient } from './sql-client.ts';

/** The database client, counting the statements sent and the transactions begun, inside transactions too. */
export function meteredSql(db: SqlClient, metrics: SqlMetrics): SqlClient {
  return {
    query<Row>(text: string, params?: readonly unknown[]) {
      metrics.statement();
      return db.query<Row>(text, params);
    },
    execScript(sql) {
      metrics.statement();
      return db.execScript(sql);
    },
    transaction(work) {
      metrics.transaction();
      return db.transaction((tx) => work(meteredSql(tx, metrics)));
    },
    close: () => db.close(),
    concurrentQueries: db.concurrentQueries,
  };
}
