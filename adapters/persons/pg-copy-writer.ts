import { copyField } from '../db/copy-text.ts';
import { openBulkConnection } from '../db/pg-bulk.ts';
import type { PersonWriter } from './import.ts';
import { historyId, observe, previousHistory, type KeyHistory } from './key-history.ts';
import { keyIndexForImport } from './key-index.ts';
import { rowKeys, withIds, type PersonRow } from './person-row.ts';
import { recordSubscribedChanges, subscribedDocuments } from './subscribed-changes.ts';
import type { SourceOption } from './import.ts';
import { queueForResolution } from './resolve-queue.ts';
import { PERSON_IMPORT_LOCK_ID } from './import-lock.ts';
import { TAKE_KEYS_VERSION_WHILE_EMPTY } from './match-keys-refresh.ts';
import { DEFAULT_SOURCE } from '../../schemas/data/source-name.ts';

export type CopyWriterOptions = SourceOption & {
  /** The size of the input, when known: an import larger than the table rebuilds the key index (./key-index.ts). */
  importBytes?: number;
};

/**
 * The fast writer for PostgreSQL, on a connection of its own: the persons of a batch that exist already are
 * deleted with their keys (their ids kept), then the batch and its keys are COPYed in.
 */
export async function pgCopyPersonWriter(connectionString: string, options: CopyWriterOptions = {}): Promise<PersonWriter> {
  const source = options.source ?? DEFAULT_SOURCE;
  const connection = await openBulkConnection(connectionString, PERSON_IMPORT_LOCK_ID);
  const keyIndex = await keyIndexForImport(connection, options.importBytes).catch(async (error) => {
    await connection.close();
    throw error;
  });
  return {
    write: (rows: PersonRow[]) =>
      connection.batch(async (tx) => {
        await tx.query(TAKE_KEYS_VERSION_WHILE_EMPTY);
        const subscribed = await subscribedDocuments(tx, source, rows);
        const externalIds = rows.map((row) => row.externalId);
        const existing = await tx.query<{ id: string; external_id: string }>(
          'SELECT id::text AS id, external_id FROM persons WHERE source = $2 AND external_id = ANY($1::text[])',
          [externalIds, source],
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
        // The rows come as COPY text without their ids (./person-row.ts): this thread only puts the ids in.
        const replaced = new Set(existing.map((person) => person.id));
        let next = 0;
        const persons: Array<{ id: string; part: Uint8Array; lines: number }> = [];
        const keyParts: Array<{ id: string; part: Uint8Array; lines: number }> = [];
        for (const row of rows) {
          let id = idOf.get(row.externalId);
          if (id === undefined) {
            id = fresh[next++]!.id;
            idOf.set(row.externalId, id);
          }
          persons.push({ id, part: row.copy, lines: 1 });
          keyParts.push(replaced.has(id) ? keyLinesWithHistory(row, id, previous) : { id, part: row.keys, lines: row.keyCount });
        }
        // The source goes in front of each row with its id: a source name is plain ASCII (schemas/data/source-name.ts).
        const sourced = persons.map((person) => ({ ...person, id: `${person.id}\t${source}` }));
        await tx.copy('COPY persons (id, source, external_id, updated, document) FROM STDIN', withIds(sourced, false));
        await queueForResolution(tx, persons.map((person) => person.id));
        let keys = withIds(keyParts, true);
        // In key order, a live key index takes the batch's keys page by page rather than at random.
        if (!keyIndex.rebuilding) keys = Buffer.from(inKeyOrder(keys.toString('utf8')));
        if (keys.length > 0) {
          await tx.copy('COPY person_identifiers (person_id, kind, value, first_seen, last_seen, observations) FROM STDIN', keys);
        }
        await recordSubscribedChanges(tx, rows, subscribed);
        return rows.length - existing.length;
      }),
    finish: () => keyIndex.finish(),
    close: async () => {
      try {
        await keyIndex.finish();
      } finally {
        await connection.close();
      }
    },
  };
}

/** The keys of a person imported again, each with its history: COPY lines with the id in front of each. */
function keyLinesWithHistory(row: PersonRow, id: string, previous: Map<string, KeyHistory>) {
  let lines = '';
  const keys = rowKeys(row);
  for (const key of keys) {
    const history = observe(previous.get(historyId(id, key.kind, key.value)), row.updated);
    lines += `\t${key.kind}\t${copyField(key.value)}\t${history.firstSeen ?? '\\N'}\t${history.lastSeen ?? '\\N'}\t${history.observations}\n`;
  }
  return { id, part: Buffer.from(lines), lines: keys.length };
}

/** COPY lines of keys (each the person's id first) ordered by kind and value. */
function inKeyOrder(lines: string): string {
  const keyed = lines
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => ({ key: line.slice(line.indexOf('\t') + 1), line }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ line }) => `${line}\n`).join('');
}
