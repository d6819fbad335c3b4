import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { classifySqlError } from '../db/sql-client.ts';
import { identifierColumns, type PersonRow, type PersonWriter } from './import.ts';

const IMPORT_LOCK_ID = 4_242_006;

/** A field of COPY's text format: backslash, tab, newline and carriage return escaped. */
const field = (value: string | null): string =>
  value === null
    ? '\\N'
    : /[\\\t\n\r]/.test(value)
      ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
      : value;

/**
 * The fast writer for PostgreSQL, on a connection of its own: the persons of a batch that exist already are
 * deleted with their keys (their ids kept), then the batch and its keys are COPYed in. COPY takes documents
 * several times faster than array parameters, which pg has to escape and the server to parse.
 */
export async function pgCopyPersonWriter(connectionString: string): Promise<PersonWriter> {
  const client = new pg.Client({ connectionString });
  const classified = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw classifySqlError(error);
    }
  };
  const copy = (sql: string, text: string) => pipeline(Readable.from([text]), client.query(copyFrom(sql)));
  await classified(() => client.connect());
  client.on('error', () => {}); // a lost connection fails the batch under way; the import reports it

  return {
    write: (rows: PersonRow[]) =>
      classified(async () => {
        await client.query('BEGIN');
        try {
          await client.query('SET LOCAL synchronous_commit TO off');
          // Batches of concurrent imports take turns, so that an id new to both is written once.
          await client.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_ID]);
          const externalIds = rows.map((row) => row.externalId);
          const { rows: existing } = await client.query<{ id: string; external_id: string }>(
            'SELECT id::text AS id, external_id FROM persons WHERE external_id = ANY($1::text[])',
            [externalIds],
          );
          const idOf = new Map(existing.map((person) => [person.external_id, person.id]));
          if (existing.length > 0) {
            // A person imported again keeps its id; its document and keys are replaced.
            const ids = existing.map((person) => person.id);
            await client.query('DELETE FROM person_identifiers WHERE person_id = ANY($1::bigint[])', [ids]);
            await client.query('DELETE FROM persons WHERE id = ANY($1::bigint[])', [ids]);
          }
          const { rows: fresh } = await client.query<{ id: string }>(
            `SELECT nextval('persons_id_seq')::text AS id FROM generate_series(1, $1::int)`,
            [rows.length - existing.length],
          );
          let next = 0;
          let text = '';
          for (const row of rows) {
            let id = idOf.get(row.externalId);
            if (id === undefined) {
              id = fresh[next++]!.id;
              idOf.set(row.externalId, id);
            }
            text += `${id}\t${field(row.externalId)}\t${field(row.updated)}\t${field(row.document)}\n`;
          }
          await copy('COPY persons (id, external_id, updated, document) FROM STDIN', text);
          // In key order, the index takes the batch's keys page by page rather than at random.
          const [kinds, values, personIds] = identifierColumns(rows, idOf);
          const lines = kinds.map((kind, i) => `${kind}\t${field(values[i]!)}\t${personIds[i]}\n`);
          lines.sort();
          text = lines.join('');
          if (text !== '') await copy('COPY person_identifiers (kind, value, person_id) FROM STDIN', text);
          await client.query('COMMIT');
          return rows.length - existing.length;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    close: () => client.end(),
  };
}
