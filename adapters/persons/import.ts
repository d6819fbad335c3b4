import type { Readable } from 'node:stream';
import type { CountryCode } from 'libphonenumber-js';
import { PersonRecord } from '../../schemas/data/person-record.ts';
import type { SqlClient } from '../db/sql-client.ts';
import {
  importNdjson,
  parseRecordLine,
  type BatchWriter,
  type ImportOptions as NdjsonImportOptions,
  type ImportSummary,
  type ParsedLine,
  type RejectedLine,
} from '../ndjson/import.ts';
import { DEFAULT_PHONE_COUNTRY, personIdentifierKeys, type IdentifierKey } from './normalise.ts';

export type ImportOptions = NdjsonImportOptions & { defaultCountry?: CountryCode };
export type { ImportSummary, RejectedLine };

/** A line's record, or why it was rejected. */
export function parsePersonLine(text: string, defaultCountry: CountryCode): ParsedLine<PersonRow> {
  const parsed = parseRecordLine(text, PersonRecord);
  if ('error' in parsed) return parsed;
  const { record } = parsed;
  return {
    key: record.id,
    row: { externalId: record.id, document: text, updated: record.updated ?? null, keys: personIdentifierKeys(record, defaultCountry) },
  };
}

/** A parsed line, ready to be written. */
export type PersonRow = { externalId: string; document: string; updated: string | null; keys: IdentifierKey[] };

/** Writes one batch of persons (unique external ids) in one transaction; returns how many were new. */
export type PersonWriter = BatchWriter<PersonRow>;

/** When an identifier of a person was first and last seen (YYYY-MM-DD), and in how many observations. */
export type KeyHistory = { firstSeen: string | null; lastSeen: string | null; observations: number };

type HistoryRow = { kind: string; value: string; person_id: string; first_seen: string | null; last_seen: string | null; observations: number };

const historyId = (personId: string, kind: string, value: string) => `${personId}\u0000${kind}\u0000${value}`;

/** The history of the identifiers of persons about to be replaced, read before their keys are deleted. */
export async function previousHistory(
  tx: { query(text: string, params?: unknown[]): Promise<unknown[]> },
  personIds: string[],
): Promise<Map<string, KeyHistory>> {
  if (personIds.length === 0) return new Map();
  const rows = (await tx.query(
    `SELECT kind, value, person_id::text AS person_id, to_char(first_seen, 'YYYY-MM-DD') AS first_seen,
            to_char(last_seen, 'YYYY-MM-DD') AS last_seen, observations
       FROM person_identifiers WHERE person_id = ANY($1::bigint[])`,
    [personIds],
  )) as HistoryRow[];
  return new Map(
    rows.map((row) => [historyId(row.person_id, row.kind, row.value), { firstSeen: row.first_seen, lastSeen: row.last_seen, observations: row.observations }]),
  );
}

/**
 * An identifier seen again in a record dated `seen`: a date before the first or after the last is another
 * observation; the same record imported again (a date already in the range) changes nothing, so re-imports
 * stay idempotent. A record without a date keeps what was known.
 */
export function observe(previous: KeyHistory | undefined, seen: string | null): KeyHistory {
  if (!previous) return { firstSeen: seen, lastSeen: seen, observations: 1 };
  if (!seen) return previous;
  const firstSeen = previous.firstSeen ?? seen;
  const lastSeen = previous.lastSeen ?? seen;
  if (seen < firstSeen) return { firstSeen: seen, lastSeen, observations: previous.observations + 1 };
  if (seen > lastSeen) return { firstSeen, lastSeen: seen, observations: previous.observations + 1 };
  return { firstSeen, lastSeen, observations: previous.observations };
}

/** The identifiers of the written persons with their history, as parallel columns. */
export function identifierColumns(rows: PersonRow[], idOf: Map<string, string>, previous: Map<string, KeyHistory>) {
  const columns = { kinds: [] as string[], values: [] as string[], personIds: [] as string[], firstSeen: [] as (string | null)[], lastSeen: [] as (string | null)[], observations: [] as number[] };
  for (const row of rows) {
    const personId = idOf.get(row.externalId);
    if (personId === undefined) throw new Error(`person ${row.externalId} was not written`);
    for (const key of row.keys) {
      const history = observe(previous.get(historyId(personId, key.kind, key.value)), row.updated);
      columns.kinds.push(key.kind);
      columns.values.push(key.value);
      columns.personIds.push(personId);
      columns.firstSeen.push(history.firstSeen);
      columns.lastSeen.push(history.lastSeen);
      columns.observations.push(history.observations);
    }
  }
  return columns;
}

export type UpsertedPerson = { id: string; external_id: string; inserted: boolean };

export const UPSERT_RETURNING = `ON CONFLICT (external_id) DO UPDATE
         SET document = EXCLUDED.document, updated = EXCLUDED.updated, imported_at = now()
       RETURNING id::text AS id, external_id, (xmax = 0) AS inserted`;

/**
 * The writer for any SqlClient (PGlite and pg): set-based statements over arrays. The documents travel as
 * one JSON array, which both databases take much faster than a text[] of documents.
 */
export function sqlPersonWriter(db: SqlClient): PersonWriter {
  return {
    write: (rows) =>
      db.transaction(async (tx) => {
        // A crash loses at most the last batches, which a re-run of the (idempotent) import writes again.
        await tx.query('SET LOCAL synchronous_commit TO off');
        const persons = await tx.query<UpsertedPerson>(
          `INSERT INTO persons (external_id, document, updated)
           SELECT r.external_id, d.document, r.updated
             FROM unnest($1::text[], $2::date[]) WITH ORDINALITY AS r (external_id, updated, n)
             JOIN json_array_elements($3::json) WITH ORDINALITY AS d (document, n) USING (n)
           ${UPSERT_RETURNING}`,
          [rows.map((row) => row.externalId), rows.map((row) => row.updated), `[${rows.map((row) => row.document).join(',')}]`],
        );
        const replaced = persons.filter((person) => !person.inserted).map((person) => person.id);
        const previous = await previousHistory(tx, replaced);
        if (replaced.length > 0) {
          await tx.query('DELETE FROM person_identifiers WHERE person_id = ANY($1::bigint[])', [replaced]);
        }
        const keys = identifierColumns(rows, new Map(persons.map((p) => [p.external_id, p.id])), previous);
        if (keys.kinds.length > 0) {
          await tx.query(
            `INSERT INTO person_identifiers (kind, value, person_id, first_seen, last_seen, observations)
             SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::date[], $5::date[], $6::int[])`,
            [keys.kinds, keys.values, keys.personIds, keys.firstSeen, keys.lastSeen, keys.observations],
          );
        }
        return persons.length - replaced.length;
      }),
    close: async () => {},
  };
}

/**
 * Imports an NDJSON stream of person records (docs/person-records.md) in constant memory. Bad lines are
 * reported with their line numbers and skipped; the rest imports. Importing an id again replaces its
 * document and identifiers.
 */
export function importPersons(writer: PersonWriter, input: Readable, options: ImportOptions = {}): Promise<ImportSummary> {
  const defaultCountry = options.defaultCountry ?? DEFAULT_PHONE_COUNTRY;
  return importNdjson(writer, input, (text) => parsePersonLine(text, defaultCountry), options);
}
