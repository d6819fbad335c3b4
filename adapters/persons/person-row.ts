import { copyField } from '../db/pg-bulk.ts';
import type { IdentifierKey, IdentifierKind } from './normalise.ts';

/**
 * A parsed person line, ready to be written: compact, because it is built on a parser thread and copied to the
 * main thread, which should do as little per person as it can. Its fields are already COPY text (the COPY
 * writer's format, ./pg-copy-writer.ts); the SQL writer reads them back (`rowDocument`, `rowKeys`).
 */
export type PersonRow = {
  externalId: string;
  /** YYYY-MM-DD, or null. */
  updated: string | null;
  /** The columns external_id, updated, document of persons, escaped and separated by tabs. */
  copy: string;
  /**
   * The keys: one line each (separated by \n, none after the last), the columns after person_id of
   * person_identifiers (kind, value, first_seen, last_seen, observations) each after a tab, as a key first seen
   * in this record. The person's id goes in front of each line; values are escaped, so \n only separates.
   */
  keys: string;
};

/** The row of a record: its line (the document as it was written), its date and keys. */
export function personRow(externalId: string, updated: string | null, document: string, keys: IdentifierKey[]): PersonRow {
  const dated = updated ?? '\\N';
  let lines = '';
  for (const key of keys) {
    // Kinds are plain words; values may be anything a record holds (a profile's username).
    lines += `${lines === '' ? '' : '\n'}\t${key.kind}\t${copyField(key.value)}\t${dated}\t${dated}\t1`;
  }
  return { externalId, updated, copy: `${copyField(externalId)}\t${dated}\t${copyField(document)}`, keys: lines };
}

/** The COPY lines of the row's keys for the person `id`, each key first seen in this record. */
export const rowKeyLines = (row: PersonRow, id: string): string =>
  row.keys === '' ? '' : `${id}${row.keys.replaceAll('\n', `\n${id}`)}\n`;

/** A field of COPY text as it was: copyField undone. */
export const copyValue = (field: string): string =>
  field.includes('\\') ? field.replace(/\\([\\tnr])/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : '\\')) : field;

/** The row's document, as its line held it. */
export function rowDocument(row: PersonRow): string {
  const afterExternalId = row.copy.indexOf('\t');
  return copyValue(row.copy.slice(row.copy.indexOf('\t', afterExternalId + 1) + 1));
}

/** The row's keys. */
export function rowKeys(row: PersonRow): IdentifierKey[] {
  if (row.keys === '') return [];
  return row.keys.split('\n').map((line) => {
    const [, kind, value] = line.split('\t', 3) as [string, IdentifierKind, string];
    return { kind, value: copyValue(value) };
  });
}
