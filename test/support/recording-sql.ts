import type { SqlClient } from '../../adapters/db/sql-client.ts';

/** The database, recording the text of every statement sent through it (inside transactions too). */
export function recordingSql(db: SqlClient, statements: string[]): SqlClient {
  return {
    query(text, params) {
      statements.push(text);
      return db.query(text, params);
    },
    execScript: (sql) => db.execScript(sql),
    transaction: (work) => db.transaction((tx) => work(recordingSql(tx, statements))),
    close: () => db.close(),
  };
}
