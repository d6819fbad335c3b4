import { birthdayOf, type Birthday } from '../matching/birthday.ts';
import { personFields, type PersonNamesAndPlaces } from '../matching/fields.ts';
import type { IdentifierCategory, IdentifierKey, IdentifierKind, NameFields, PlaceFields } from '../../schemas/events/payloads.ts';

/** What an operator decided of two records (docs/identity-graph.md, "People decide"): never one person, or always. */
export type Decision = 'never' | 'always';

/** What the resolver compares of a record: its identifiers by kind of evidence, its names, addresses and birthday. */
export type RecordFields = {
  id: string;
  identifiers: ReadonlyMap<IdentifierCategory, ReadonlySet<string>>;
  /** Of its phones' keys (as `identifiers` holds them), those of mobiles: one person's, not a household's. */
  mobiles: ReadonlySet<string>;
  /** The record's emails as written (trimmed, lower case): two a typo apart are weighed (compare.ts). */
  emails: string[];
  names: NameFields[];
  places: PlaceFields[];
  birthday?: Birthday;
  /** What operators decided of this record and others (./decisions.ts), by the other record's id; both hold it. */
  decisions?: ReadonlyMap<string, Decision>;
};

/** Whether one of the records holds this identifier: a value of the category, as RecordFields.identifiers holds it. */
export const holdsIdentifier = (records: readonly RecordFields[], category: IdentifierCategory, value: string): boolean =>
  records.some((record) => record.identifiers.get(category)?.has(value) ?? false);

/** The record's document as far as the resolver reads it. */
export type ResolvedDocument = PersonNamesAndPlaces & {
  details?: { age?: { birthday?: Birthday | null } | null; emails?: Array<{ value: string }> | null } | null;
};

/** The kinds of key that are identifiers of a person, by the evidence they are (domain/matching/model.ts). */
const CATEGORY_OF: Partial<Record<IdentifierKind, IdentifierCategory>> = {
  email_md5: 'email',
  email_sha256: 'email',
  phone_sha256: 'phone',
  maid: 'maid',
  profile_username: 'profile',
  profile_userid: 'profile',
  profile_url: 'profile',
  li_nonid: 'li_nonid',
  name_placekey: 'name_placekey',
};

/**
 * The kinds of stored key that recordFields reads: the identifiers, and which phones are mobiles (a record's other
 * keys only find candidates).
 */
export const IDENTIFIER_KINDS = [...Object.keys(CATEGORY_OF), 'phone_mobile'] as IdentifierKind[];

/** A record's fields from its document, its stored keys (only identifiers count; blocking keys do not) and the decisions made of it. */
export function recordFields(
  id: string,
  document: ResolvedDocument,
  keys: readonly IdentifierKey[],
  decisions: ReadonlyArray<{ other: string; decision: Decision }> = [],
): RecordFields {
  const identifiers = new Map<IdentifierCategory, Set<string>>();
  const mobiles = new Set<string>();
  for (const key of keys) {
    if (key.kind === 'phone_mobile') mobiles.add(`phone_sha256:${key.value}`);
    const category = CATEGORY_OF[key.kind];
    if (!category) continue;
    const values = identifiers.get(category) ?? new Set<string>();
    values.add(`${key.kind}:${key.value}`);
    identifiers.set(category, values);
  }
  const { names, places } = personFields(document);
  const birthday = birthdayOf(document.details?.age);
  const emails = [...new Set((document.details?.emails ?? []).map((email) => email.value.trim().toLowerCase()).filter(Boolean))];
  return {
    id,
    identifiers,
    mobiles,
    emails,
    names,
    places,
    ...(birthday && { birthday }),
    ...(decisions.length > 0 && { decisions: new Map(decisions.map((decided) => [decided.other, decided.decision])) }),
  };
}
