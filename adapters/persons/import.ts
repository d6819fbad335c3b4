import type { Readable } from 'node:stream';
import type { CountryCode } from 'libphonenumber-js';
import { CheckedPersonRecord } from '../../schemas/data/person-record-check.ts';
import type { SqlClient } from '../db/sql-client.ts';
import type { LineParse } from '../ndjson/parse-lines.ts';
import {
  importNdjson,
  parseRecordLine,
  type BatchWriter,
  type ImportOptions as NdjsonImportOptions,
  type ImportSummary,
  type RejectedLine,
} from '../ndjson/import.ts';
import type { ParsedLine } from '../ndjson/parse-lines.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../schemas/formats/phone.ts';
import { personIdentifierKeys } from '../../domain/persons/normalise.ts';
import { identifierColumns, previousHistory } from './key-history.ts';
import { personRow, rowArena, rowDocument, type PersonRow, type RowArena } from './person-row.ts';
import { recordSubscribedChanges, subscribedDocuments } from './subscribed-changes.ts';
import { queueForResolution } from './resolve-queue.ts';
import { takePersonImportLock } from './import-lock.ts';
import { TAKE_KEYS_VERSION_WHILE_EMPTY } from './match-keys-refresh.ts';
import { DEFAULT_SOURCE } from '../../schemas/data/source-name.ts';

export type ImportOptions = NdjsonImportOptions & { defaultCountry?: CountryCode };
export type { ImportSummary, PersonRow, RejectedLine };

/** A line's record, or why it was rejected. */
export function parsePersonLine(text: string, defaultCountry: CountryCode, arena: RowArena = rowArena()): ParsedLine<PersonRow> {
  const parsed = parseRecordLine(text, CheckedPersonRecord);
  if ('error' in parsed) return parsed;
  const { record } = parsed;
  return { key: record.id, row: personRow(arena, record.id, record.updated ?? null, text, personIdentifierKeys(record, defaultCountry)) };
}

/** Writes one batch of persons (unique external ids) in one transaction; returns how many were new. */
export type PersonWriter = BatchWriter<PersonRow>;

export type UpsertedPerson = { id: string; external_id: string; inserted: boolean };

export const UPSERT_RETURNING = `ON CONFLICT (source, external_id) DO UPDATE
         SET document = EXCLUDED.document, updated = EXCLUDED.updated, imported_at = now()
       RETURNING id::text AS id, external_id, (xmax = 0) AS inserted`;

/** Where the records of an import come from (docs/person-records.md, "Sources"): `default` when not named. */
export type SourceOption = { source?: string };

/**
 * The writer for any SqlClient (PGlite and pg): set-based statements over arrays. The documents travel as
 * one JSON array, which both databases take much faster than a text[] of documents. Every record written
 * is queued for the resolver in the same transaction (./resolve-records.ts).
 */
export function sqlPersonWriter(db: SqlClient, { source = DEFAULT_SOURCE }: SourceOption = {}): PersonWriter {
  return {
    write: (rows) =>
      db.transaction(async (tx) => {
        // A crash loses at most the last batches, which a re-run of the (idempotent) import writes again.
        await tx.query('SET LOCAL synchronous_commit TO off');
        await takePersonImportLock(tx);
        await tx.query(TAKE_KEYS_VERSION_WHILE_EMPTY);
        const subscribed = await subscribedDocuments(tx, source, rows);
        const persons = await tx.query<UpsertedPerson>(
          `INSERT INTO persons (source, external_id, document, updated)
           SELECT $4, r.external_id, d.document, r.updated
             FROM unnest($1::text[], $2::date[]) WITH ORDINALITY AS r (external_id, updated, n)
             JOIN json_array_elements($3::json) WITH ORDINALITY AS d (document, n) USING (n)
           ${UPSERT_RETURNING}`,
          [rows.map((row) => row.externalId), rows.map((row) => row.updated), `[${rows.map(rowDocument).join(',')}]`, source],
        );
        await queueForResolution(tx, persons.map((person) => person.id));
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
        await recordSubscribedChanges(tx, rows, subscribed);
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
  const parser = {
    parse: personLineParser({ defaultCountry }),
    worker: { url: import.meta.url, exportName: 'personLineParser', options: { defaultCountry } },
  };
  return importNdjson(writer, input, parser, options);
}

/**
 * The parser of person lines, here or on a parser thread (../ndjson/parse-lines.ts). Its rows' bytes live in
 * blocks it hands over with them (`takeBuffers`).
 */
export const personLineParser = ({ defaultCountry }: { defaultCountry: CountryCode }): LineParse<PersonRow> => {
  const arena = rowArena();
  return Object.assign((text: string) => parsePersonLine(text, defaultCountry, arena), { takeBuffers: arena.take });
};
