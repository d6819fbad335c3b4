import { frozenDeep } from '../frozen.ts';
import { emailHashes } from './normalise.ts';
import { PersonDetails, personSummaryShape } from '../../schemas/data/person-record.ts';
import type { DataFilter, PersonEnrichResponse } from '../../schemas/v3/person-enrich.ts';

/** Which keys of `details` each `dataFilter` group returns. */
export const DETAIL_GROUPS: Readonly<Record<DataFilter, readonly string[]>> = {
  individual: ['name', 'age', 'gender', 'emails', 'phones', 'locations', 'photos', 'urls', 'education'],
  social: ['profiles'],
  employment: ['employment'],
  identifiers: ['identifiers'],
  household: ['household'],
  finance: ['finance'],
  census: ['census'],
  demographics: ['demographics'],
  interests: ['interests'],
  survey: ['survey'],
  buyer: ['buyer'],
  automotive: ['automotive'],
};

export type PresentOptions = {
  dataFilter?: readonly DataFilter[] | null;
  maxMaids?: number | null;
  maxEmails?: number | null;
  /** The caller gave a hashed email: no clear-text email, phone or name goes back. */
  hashedQuery: boolean;
  /** The account's own ids for the person: its person id, and the records it mapped to them. */
  accountIds: { personIds: string[]; recordIds: string[]; partnerIds: string[] };
};

type Document = Record<string, unknown> & { details?: Record<string, unknown> };
type Labelled = { value?: string | null; label?: string | null };
type Identifiers = { maids?: unknown[]; li_nonid?: unknown[] } & Record<string, unknown>;

/**
 * Profiles with `userid` as a string: records may give it as a number, but the official clients declare it a
 * string (Go's encoding/json rejects the whole answer over a number there), as the specification shows it.
 */
export function withStringUserids(profiles: unknown): unknown {
  if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) return profiles;
  return Object.fromEntries(
    Object.entries(profiles).map(([service, profile]) => [
      service,
      typeof profile === 'object' && profile !== null && typeof (profile as { userid?: unknown }).userid === 'number'
        ? { ...profile, userid: String((profile as { userid: number }).userid) }
        : profile,
    ]),
  );
}

/**
 * Every summary field null, every list and object of `details` empty, `name` and `age` null: a record may leave any
 * of them out (docs/person-records.md), and the import keeps the record as it was given, so they are filled in here
 * and the clients' decoders see stable keys.
 */
const EMPTY_SUMMARY = Object.freeze(Object.fromEntries(Object.keys(personSummaryShape).map((field) => [field, null])));
/** Made once (a schema's parse costs more than the rest of an answer's presenting); frozen, as answers share its lists. */
const EMPTY_DETAILS = frozenDeep({ name: null, age: null, ...PersonDetails.parse({}) });

/**
 * A stored person as person.enrich answers it: the record's own `id` and `placekey` left out, emails with
 * their MD5 and SHA-256 (what callers holding only hashes match on), the account's own ids for the person,
 * and the caller's filters and limits applied.
 */
export function presentPerson(document: Document, options: PresentOptions): PersonEnrichResponse {
  const { id: _id, placekey: _placekey, details: given = {}, ...summary } = document;
  const stored: Record<string, unknown> = { ...EMPTY_DETAILS, ...given };
  const emails = (stored.emails as Labelled[]).slice(0, options.maxEmails ?? undefined).map((email) => ({
    ...email,
    ...emailHashes(email.value ?? ''),
  }));
  const identifiers = stored.identifiers as Identifiers;
  let details: Record<string, unknown> = {
    ...stored,
    profiles: withStringUserids(stored.profiles),
    emails,
    identifiers: {
      ...identifiers,
      maids: (identifiers.maids ?? []).slice(0, options.maxMaids ?? undefined),
      li_nonid: identifiers.li_nonid ?? [],
      ...options.accountIds,
    },
  };
  if (options.dataFilter?.length) {
    const wanted = new Set(options.dataFilter.flatMap((group) => DETAIL_GROUPS[group]));
    details = Object.fromEntries(Object.entries(details).filter(([key]) => wanted.has(key)));
  }
  const answer: Record<string, unknown> = { ...EMPTY_SUMMARY, ...summary, details, updated: summary.updated ?? null };
  if (options.hashedQuery) withoutClearContacts(answer, details);
  return answer as PersonEnrichResponse;
}

/** Removes names, clear emails and phones: who asks by hash does not learn them from the answer. */
function withoutClearContacts(answer: Record<string, unknown>, details: Record<string, unknown>): void {
  for (const field of ['fullName', 'email', 'phone']) delete answer[field];
  delete details.name;
  delete details.phones;
  if (Array.isArray(details.emails)) {
    details.emails = (details.emails as Array<Labelled & Record<string, unknown>>).map(({ value: _value, ...hashes }) => hashes);
  }
}
