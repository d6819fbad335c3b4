import { MATCH_KEYS_VERSION } from '../../domain/matching/blocking.ts';
import { personMatchKeys } from '../../domain/persons/normalise.ts';
import { CheckedPersonRecord } from '../../schemas/data/person-record-check.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { parseRecordLine } from '../ndjson/import.ts';
import { takePersonImportLock } from './import-lock.ts';
import { queueForResolution } from './resolve-queue.ts';
import { keyChanges, type PersonKey } from '../../domain/persons/match-key-changes.ts';

/** Stored persons keyed again a transaction. */
const REFRESH_BATCH = 1000;

export type MatchKeysRefresh = {
  /** Stored persons read. */
  records: number;
  /** Of them, those whose keys changed: each queued to be resolved again, since the new keys may find it others. */
  changed: number;
  /** Of them, those whose document this release cannot read: their keys are left as they were. */
  unreadable: number;
  /** Whether every stored person now carries this release's keys. */
  done: boolean;
};

/**
 * Run by each batch of an import: a database that holds no person yet takes this release's version of the keys, since
 * every person it will hold is imported with them. Without it, the version a new database was made with (migration
 * 032's) would have the identity workers key every person of a first import again.
 */
export const TAKE_KEYS_VERSION_WHILE_EMPTY = `UPDATE match_keys_version SET version = ${MATCH_KEYS_VERSION}, rekeyed_through = 0
   WHERE version < ${MATCH_KEYS_VERSION} AND NOT EXISTS (SELECT 1 FROM persons)`;

const columns = (keys: readonly PersonKey[]) => [keys.map((key) => key.personId), keys.map((key) => key.value)];

/**
 * Keys the next `batch` stored persons (in id order, after the last done) by this release's blocking keys
 * (MATCH_KEYS_VERSION), when the database says they carry an older version's, in one transaction: their stale keys
 * deleted, the missing added, the persons whose keys changed queued for the resolver, and the place reached kept, so
 * that a crash or a restart goes on from there. Under the imports' lock: an import never replaces a document
 * between its keys being read and written here. When the walk reaches the end, the version is this release's.
 */
export async function refreshMatchKeysBatch(db: SqlClient, batch = REFRESH_BATCH): Promise<MatchKeysRefresh> {
  return db.transaction(async (tx) => {
    await takePersonImportLock(tx);
    const [state] = (await tx.query<{ version: number; through: string }>(
      'SELECT version, rekeyed_through::text AS through FROM match_keys_version FOR UPDATE',
    )) as [{ version: number; through: string }];
    if (state.version >= MATCH_KEYS_VERSION) return { records: 0, changed: 0, unreadable: 0, done: true };
    // In id order: by the column, not by its text (`10` before `9`).
    const persons = await tx.query<{ id: string; document: string }>(
      'SELECT p.id::text AS id, p.document::text AS document FROM persons p WHERE p.id > $1 ORDER BY p.id LIMIT $2',
      [state.through, batch],
    );
    const fresh: PersonKey[] = [];
    const readable: string[] = [];
    for (const person of persons) {
      const parsed = parseRecordLine(person.document, CheckedPersonRecord);
      if ('error' in parsed) continue;
      readable.push(person.id);
      for (const value of new Set(personMatchKeys(parsed.record))) fresh.push({ personId: person.id, value });
    }
    const stored = await tx.query<PersonKey>(
      `SELECT person_id::text AS "personId", value FROM person_identifiers WHERE kind = 'match_block' AND person_id = ANY($1::bigint[])`,
      [readable],
    );
    const { stale, missing, changed } = keyChanges(stored, fresh);
    if (stale.length > 0) {
      await tx.query(
        `DELETE FROM person_identifiers i USING unnest($1::bigint[], $2::text[]) AS g (person_id, value)
          WHERE i.kind = 'match_block' AND i.person_id = g.person_id AND i.value = g.value`,
        columns(stale),
      );
    }
    if (missing.length > 0) {
      await tx.query(
        `INSERT INTO person_identifiers (kind, value, person_id) SELECT 'match_block', value, person_id FROM unnest($1::bigint[], $2::text[]) AS a (person_id, value)`,
        columns(missing),
      );
    }
    await queueForResolution(tx, changed);
    const done = persons.length < batch;
    await tx.query('UPDATE match_keys_version SET version = $1, rekeyed_through = $2', [
      done ? MATCH_KEYS_VERSION : state.version,
      done ? '0' : persons.at(-1)!.id,
    ]);
    return { records: persons.length, changed: changed.length, unreadable: persons.length - readable.length, done };
  });
}

/** Keys up to `batches` batches of stored persons again (refreshMatchKeysBatch), stopping when all are done. */
export async function refreshMatchKeys(db: SqlClient, batches: number): Promise<MatchKeysRefresh> {
  const total: MatchKeysRefresh = { records: 0, changed: 0, unreadable: 0, done: false };
  for (let run = 0; run < batches && !total.done; run++) {
    const counts = await refreshMatchKeysBatch(db);
    total.records += counts.records;
    total.changed += counts.changed;
    total.unreadable += counts.unreadable;
    total.done = counts.done;
  }
  return total;
}
