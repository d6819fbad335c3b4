import { hash } from 'node:crypto';
import type { PersonRecord } from '../schemas/data/person-record.ts';
import type { MatchQueryLine } from '../synthetic/persons/match-queries/generate-queries.ts';
import type { MatchQuery } from '../synthetic/persons/match-queries/query-draft.ts';
import type { FebrlRow } from './febrl-csv.ts';

/**
 * FEBRL 4 as a matching set (bench/README.md, "Matching quality"): dataset4a's originals imported as persons,
 * each of dataset4b's duplicates asked once through its name and postal address only, the truth being the
 * original of the same N. FEBRL's addresses are Australian; its postcodes and states are drawn at random, so
 * they need not agree with each other.
 */
export const febrlRecordId = (n: number) => `febrl-${n}`;
/**
 * What an answer is known by (bench/matching-ask.ts): FEBRL has no email, so each original is given its own, a
 * hash of its N. Not `febrl-N@`: the emails of `febrl-173` and `febrl-1683` are then two edits apart, which the
 * resolver weighs for one person (+3.3 bits, a typo), and it merged those two namesakes.
 */
export const febrlEmail = (n: number) => `febrl-${hash('sha256', String(n)).slice(0, 16)}@example.org`;

/** FEBRL's date of birth (`19490115`) as a birthday, or null when it is none (missing, or a corrupted month or day). */
export const febrlBirthday = (date: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { year, month, day } : null;
};

const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** An original as a Kith person record: name, home address in Australia, birthday when the date is one. */
export function febrlPerson(row: FebrlRow): PersonRecord {
  const born = febrlBirthday(row.date_of_birth);
  return {
    id: febrlRecordId(row.n),
    fullName: join(row.given_name, row.surname) || null,
    details: {
      name: { given: row.given_name || null, family: row.surname || null, full: join(row.given_name, row.surname) || null },
      ...(born ? { age: { birthday: born } } : {}),
      emails: [{ value: febrlEmail(row.n), label: 'personal' }],
      phones: [],
      profiles: {},
      locations: [
        {
          label: 'home',
          addressLine1: join(row.street_number, row.address_1) || null,
          addressLine2: row.address_2 || null,
          city: row.suburb || null,
          regionCode: row.state.toUpperCase() || null,
          postalCode: row.postcode || null,
          country: 'Australia',
          countryCode: 'AU',
        },
      ],
      employment: [],
      photos: [],
      urls: [],
      identifiers: { maids: [], li_nonid: [] },
    },
  };
}

/**
 * A duplicate's name and postal address as a person.enrich query: the name in its parts, or as `full` when one
 * part is missing (a query needs both parts or a full name); fields FEBRL left empty are left out.
 */
export function febrlQuery(row: FebrlRow): MatchQuery {
  const name = row.given_name && row.surname ? { given: row.given_name, family: row.surname } : { full: join(row.given_name, row.surname) };
  const location = Object.fromEntries(
    Object.entries({
      addressLine1: join(row.street_number, row.address_1),
      addressLine2: row.address_2,
      city: row.suburb,
      regionCode: row.state.toUpperCase(),
      postalCode: row.postcode,
      countryCode: 'AU',
    }).filter(([, value]) => value !== ''),
  ) as MatchQuery['location'];
  return { name, location };
}

/**
 * The set's persons and queries: the originals `imported` keeps, and a query per duplicate, whose truth is its
 * original's record id, or null when that original was left out (a person to be answered by nobody).
 */
export function febrlSet(originals: readonly FebrlRow[], duplicates: readonly FebrlRow[], imported: (n: number) => boolean) {
  const persons = originals.filter((row) => row.kind === 'org' && imported(row.n)).map(febrlPerson);
  const present = new Set(persons.map((person) => person.id));
  const queries: MatchQueryLine[] = duplicates
    .filter((row) => row.kind === 'dup')
    .map((row) => ({
      id: row.rec_id,
      truth: present.has(febrlRecordId(row.n)) ? febrlRecordId(row.n) : null,
      corruptions: [],
      query: febrlQuery(row),
    }));
  return { persons, queries };
}
