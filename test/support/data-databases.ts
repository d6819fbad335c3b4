import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { freshPostgresDatabase } from './fresh-database.ts';

/** A migrated database and the writer an import suite uses on it; `done` closes both and drops the database. */
export type DataSubject<Writer> = { db: SqlClient; writer: Writer; done(): Promise<void> };
export type DataImplementation<Writer> = { name: string; open(): Promise<DataSubject<Writer>> };

/**
 * The three ways data is imported, each of which an import suite runs against: COPY and the set-based writer on
 * a real PostgreSQL (a database of its own), and the set-based writer on an in-memory PGlite.
 */
export function dataImplementations<Writer extends { close(): Promise<void> }>(writers: {
  copy(url: string): Promise<Writer>;
  sql(db: SqlClient): Writer;
}): Array<DataImplementation<Writer>> {
  const onPostgres = async (writerOf: (db: SqlClient, url: string) => Promise<Writer>) => {
    const database = await freshPostgresDatabase();
    const db = createPgClient(database.url, 2);
    await migrate(db);
    const writer = await writerOf(db, database.url);
    return { db, writer, done: async () => (await writer.close(), await db.close(), await database.drop()) };
  };
  return [
    { name: 'pg, COPY writer', open: () => onPostgres((_db, url) => writers.copy(url)) },
    { name: 'pg, array writer', open: () => onPostgres(async (db) => writers.sql(db)) },
    {
      name: 'pglite',
      async open() {
        const db = await createPgliteClient(undefined);
        await migrate(db);
        const writer = writers.sql(db);
        return { db, writer, done: async () => (await writer.close(), await db.close()) };
      },
    },
  ];
}
