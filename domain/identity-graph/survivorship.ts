import { newestFirst } from '../matching/id-order.ts';

/**
 * The person built from its records (docs/identity-graph.md, "Survivorship"): what person.enrich, audiences
 * and identity.resolve answer. A person of one record is that record as it was given.
 *
 * - Records are read newest first: by `updated` (undated last), then in the order they were first imported.
 * - A list (`details.emails`, `phones`, `locations`, `employment`, `photos`, `urls`, `identifiers.maids`,
 *   `identifiers.li_nonid`, any other list) holds every record's items once, newest record's first.
 * - `details.profiles` holds each service once, from the newest record that has it.
 * - Every other value (a summary field, `details.name`, `details.age`, ...) is the newest record's that has
 *   one, whole: a given name is never paired with another record's family name.
 * - `updated` is the newest of the records'.
 */
export type PersonRecordDocument = { id: string; document: Record<string, unknown>; updated: string | null };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasValue = (value: unknown) => value !== null && value !== undefined && value !== '';

/** What makes two items of a list the same: an email's or a phone's value, a device's id, else the whole item. */
function itemKey(item: unknown): string {
  if (isObject(item) && typeof item.value === 'string') return `v:${item.value.trim().toLowerCase().replace(/[\s().-]/g, '')}`;
  if (isObject(item) && typeof item.id === 'string') return `i:${item.id.trim().toLowerCase()}`;
  return `j:${JSON.stringify(item)}`;
}

function unionOf(lists: unknown[][]): unknown[] {
  const seen = new Set<string>();
  return lists.flat().filter((item) => {
    const key = itemKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The keys whose objects are merged key by key rather than taken whole from one record. */
const MERGED_OBJECTS = new Set(['details', 'identifiers']);
/** The keys whose objects hold one entry per key, each from the newest record that has it. */
const KEYED_OBJECTS = new Set(['profiles']);

function mergeDocuments(documents: Json[]): Json {
  const merged: Json = {};
  const keys = [...new Set(documents.flatMap((document) => Object.keys(document)))];
  for (const key of keys) {
    const values = documents.map((document) => document[key]).filter(hasValue);
    if (values.length === 0) {
      merged[key] = documents.find((document) => key in document)![key];
    } else if (values.every(Array.isArray)) {
      merged[key] = unionOf(values as unknown[][]);
    } else if (values.every(isObject) && MERGED_OBJECTS.has(key)) {
      merged[key] = mergeDocuments(values as Json[]);
    } else if (values.every(isObject) && KEYED_OBJECTS.has(key)) {
      merged[key] = Object.assign({}, ...[...(values as Json[])].reverse());
    } else {
      merged[key] = values[0];
    }
  }
  return merged;
}

/** The person's document and date from its records (at least one). */
export function personDocument(records: PersonRecordDocument[]): { document: Json; updated: string | null } {
  const ordered = newestFirst(records);
  if (ordered.length === 1) return { document: ordered[0]!.document, updated: ordered[0]!.updated };
  return { document: mergeDocuments(ordered.map((record) => record.document)), updated: ordered[0]!.updated };
}
