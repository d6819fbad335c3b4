import { copyLine, openBulkConnection } from '../db/pg-bulk.ts';
import type { PersonRow, PersonWriter } from './import.ts';
import { identifierColumns, previousHistory } from './key-history.ts';
import { recordSubscribedChanges, subscribedDocuments } from './subscribed-changes.ts';

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
        const subscribed = await subscribedDocuments(tx, rows);
        const externalIds = rows.map((row) => row.externalId);
        const existing = await tx.query<{ id: string; external_id: string }>(
          'SELECT id::text AS id, external_id FROM persons WHERE external_id = ANY($1::text[])',
          [externalIds],
        );
        const idOf = new Map(existing.map((person) => [person.external_id, person.id]));
        // A person imported again keeps its id; its document and keys are replaced, its keys' history kept.
        const previous = await previousHistory(tx, existing.map((person) => person.id));
        if (existing.length > 0) {
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
        const keys = identifierColumns(rows, idOf, previous);
        const lines = keys.kinds.map((kind, i) =>
          copyLine([kind, keys.values[i]!, keys.personIds[i]!, keys.firstSeen[i]!, keys.lastSeen[i]!, keys.observations[i]!]),
        );
        lines.sort();
        text = lines.join('');
        if (text !== '') {
          await tx.copy('COPY person_identifiers (kind, value, person_id, first_seen, last_seen, observations) FROM STDIN', text);
        }
        await recordSubscribedChanges(tx, rows, subscribed);
        return rows.length - existing.length;
      }),
    close: () => connection.close(),
  };
}
