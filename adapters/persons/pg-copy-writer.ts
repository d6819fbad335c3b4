import { copyLine, openBulkConnection } from '../db/pg-bulk.ts';
import { identifierColumns, type PersonRow, type PersonWriter } from './import.ts';

const IMPORT_LOCK_ID = 4_242_006;

/**
 * The fast writer for PostgreSQL, on a connection of its own: the persons of a batch that exist already are
 * deleted with their keys (their ids kept), then the batch and its keys are COPYed in.
 */
export async function pgCopyPersonWriter(connectionString: string): Promise<PersonWriter> {
  const connection = await openBulkConnection(connectionString, IMPORT_LOCK_ID);
  return {
    write: (rows: PersonRow[]) =>
      connection.batch(async (tx) => {
        const externalIds = rows.map((row) => row.externalId);
        const existing = await tx.query<{ id: string; external_id: string }>(
          'SELECT id::text AS id, external_id FROM persons WHERE external_id = ANY($1::text[])',
          [externalIds],
        );
        const idOf = new Map(existing.map((person) => [person.external_id, person.id]));
        if (existing.length > 0) {
          // A person imported again keeps its id; its document and keys are replaced.
          const ids = existing.map((person) => person.id);
          await tx.query('DELETE FROM person_identifiers WHERE person_id = ANY($1::bigint[])', [ids]);
          await tx.query('DELETE FROM persons WHERE id = ANY($1::bigint[])', [ids]);
        }
        const fresh = await tx.query<{ id: string }>(
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
          text += copyLine([id, row.externalId, row.updated, row.document]);
        }
        await tx.copy('COPY persons (id, external_id, updated, document) FROM STDIN', text);
        // In key order, the index takes the batch's keys page by page rather than at random.
        const [kinds, values, personIds] = identifierColumns(rows, idOf);
        const lines = kinds.map((kind, i) => copyLine([kind, values[i]!, personIds[i]!]));
        lines.sort();
        text = lines.join('');
        if (text !== '') await tx.copy('COPY person_identifiers (kind, value, person_id) FROM STDIN', text);
        return rows.length - existing.length;
      }),
    close: () => connection.close(),
  };
}
