import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { classifySqlError } from './sql-client.ts';

/** What a batch may do inside its transaction. */
export type BulkTransaction = {
  query<Row extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Streams `text` (COPY text format; bytes are UTF-8) into `COPY ... FROM STDIN`. */
  copy(sql: string, text: string | Uint8Array): Promise<void>;
};

export type BulkConnection = {
  /** Runs one batch in its own transaction, after the batches of other importers holding the same lock. */
  batch<T>(work: (tx: BulkTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * A PostgreSQL connection of its own for bulk loads with COPY, which takes documents several times faster than
 * array parameters (pg has to escape those and the server to parse them). `lockId` makes concurrent imports
 * into the same tables take turns, so that a key new to both is written once.
 */
export async function openBulkConnection(connectionString: string, lockId: number): Promise<BulkConnection> {
  const client = new pg.Client({ connectionString });
  const classified = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw classifySqlError(error);
    }
  };
  await classified(() => client.connect());
  client.on('error', () => {}); // a lost connection fails the batch under way; the import reports it
  const tx: BulkTransaction = {
    query: async (text, params) => (await client.query(text, params)).rows,
    copy: (sql, text) => pipeline(Readable.from([text]), client.query(copyFrom(sql))),
  };
  return {
    batch: (work) =>
      classified(async () => {
        await client.query('BEGIN');
        try {
          // A crash loses at most the last batches, which a re-run of the (idempotent) import writes again.
          await client.query('SET LOCAL synchronous_commit TO off');
          await client.query('SELECT pg_advisory_xact_lock($1)', [lockId]);
          const result = await work(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    close: () => client.end(),
  };
}
