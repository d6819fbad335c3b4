import type { NameFields, PlaceFields } from '../../schemas/events/payloads.ts';
import { birthdayOf, type Birthday } from './birthday.ts';
import { regionForms } from './regions.ts';
import { isStreetKind, postalCode, streetWords, wordsOf } from './text.ts';

/**
 * The fields of a name and a postal address the matcher compares (NameFields, PlaceFields: their shape is the
 * bus payload's, schemas/events/payloads.ts), each reduced once (./text.ts): a name's given and family parts as
 * words, an address's street number apart from its street's name, the region as every form it may match by
 * (./regions.ts). An empty value (or list) is a value not given.
 */
export type NameInput = { full?: string | null; given?: string | null; family?: string | null };
export type PlaceInput = {
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  region?: string | null;
  regionCode?: string | null;
  postalCode?: string | null;
};

/** Words a name may carry that say nothing about who it is. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'jr', 'sr', 'ii', 'iii', 'iv']);
const nameWords = (value: string | null | undefined) => wordsOf(value).filter((word) => !TITLES.has(word));

/**
 * A name's parts: given and family as written, else the full name read as given names then the family name
 * (its last word), else the one part written (a given name alone stays a given name). Undefined when no part is
 * usable.
 */
export function nameFields(name: NameInput): NameFields | undefined {
  const given = nameWords(name.given);
  const family = nameWords(name.family);
  if (given.length > 0 && family.length > 0) return { given, family };
  const full = nameWords(name.full);
  if (full.length > 1) return { given: full.slice(0, -1), family: full.slice(-1) };
  if (given.length > 0 || family.length > 0) return { given, family };
  return full.length === 1 ? { given: [], family: full } : undefined;
}

/** Words of a full name beyond which no more ways of splitting it are tried. */
const MOST_SPLIT_WORDS = 6;

/**
 * The ways a name may be read: as nameFields reads it; a full name of one word also as a given name (`Caitlin`
 * may be either part, and neither reading is a swap); a full name of three words or more also split between
 * given and family names at every other word (`Levi Erdm an`, `Ab igail Schwen nen`, `Maria de la Cruz`). A
 * full name of two words is not also read as one name alone: `Lorenzo Zintl` as a given name would hold the
 * stored `Lorenzo` and leave no family name to tell a household's other Lorenzo, or a namesake, apart.
 */
export function nameReadings(name: NameInput): NameFields[] {
  const reading = nameFields(name);
  if (!reading) return [];
  const words = [...reading.given, ...reading.family];
  const fromFull = !(nameWords(name.given).length > 0 && nameWords(name.family).length > 0);
  if (fromFull && words.length === 1 && nameWords(name.full).length === 1) return [reading, { given: words, family: [] }];
  if (!fromFull || words.length < 3 || words.length > MOST_SPLIT_WORDS) return [reading];
  const others = Array.from({ length: words.length - 2 }, (_, at) => ({ given: words.slice(0, at + 1), family: words.slice(at + 1) }));
  return [reading, ...others];
}

/** A house number: digits, perhaps with one letter (`12`, `12a`); `5th` names a street. */
const isNumber = (word: string) => /^\d+[a-z]?$/.test(word);

/** A street line's name: its words without the house number and the kind of street (all of them when only kinds are left). */
function streetName(words: string[], number: string): string[] {
  const named = words.filter((word) => word !== number);
  const street = named.filter((word) => !isStreetKind(word));
  return street.length > 0 ? street : named;
}

/**
 * An address's fields: the street line's first number is the house's (`12`, `12a`, wherever it stands:
 * `Hauptstrasse 12`), the other words (without the kind of street) the street's name. The street line is
 * addressLine1 when it names anything, else addressLine2 (the lines come swapped, the first one missing, or
 * holding only the house number: `12` above `Sunnybank Garden`). When both lines name something, the second
 * one's name is `otherLine`: the street may be there, and a building's or a locality's name on the first
 * (./comparisons.ts compareStreetLines).
 */
export function placeFields(place: PlaceInput): PlaceFields {
  const [firstLine, secondLine] = [streetWords(place.addressLine1), streetWords(place.addressLine2)];
  const firstNumber = firstLine.find(isNumber) ?? '';
  const firstNames = firstLine.some((word) => word !== firstNumber);
  const words = firstNames ? firstLine : secondLine;
  const number = firstNumber || (words.find(isNumber) ?? '');
  const otherLine = firstNames ? streetName(secondLine, secondLine.find(isNumber) ?? '') : [];
  return {
    number,
    street: streetName(words, number),
    ...(otherLine.length > 0 && { otherLine }),
    city: wordsOf(place.city).join(' '),
    regions: regionForms([place.region, place.regionCode]),
    postcode: postalCode(place.postalCode),
  };
}

/** What a stored person record holds of its names, addresses and birthday (docs/person-records.md); any part may be absent. */
export type PersonNamesAndPlaces = {
  fullName?: string | null;
  details?: { name?: NameInput | null; locations?: PlaceInput[] | null; age?: { birthday?: Birthday | null } | null } | null;
};

/** A stored person's names (its structured name, and its full name when that differs) and addresses. */
export function personFields(person: PersonNamesAndPlaces): { names: NameFields[]; places: PlaceFields[] } {
  // A record's names are as its provider wrote them: read one way (a query's may be split anywhere).
  const names = [nameFields(person.details?.name ?? {}), nameFields({ full: person.fullName })].filter(
    (name): name is NameFields => name !== undefined,
  );
  const distinct = names.filter((name, index) => names.findIndex((other) => sameName(other, name)) === index);
  return { names: distinct, places: (person.details?.locations ?? []).map(placeFields) };
}

const sameName = (a: NameFields, b: NameFields) => a.given.join(' ') === b.given.join(' ') && a.family.join(' ') === b.family.join(' ');

/** The names, addresses and birthdays of all of a person's records (docs/identity-graph.md): any of them may be the one meant. */
export function recordsFields(records: readonly PersonNamesAndPlaces[]): { names: NameFields[]; places: PlaceFields[]; birthdays: Birthday[] } {
  const fields = records.map(personFields);
  return {
    names: fields.flatMap((field) => field.names),
    places: fields.flatMap((field) => field.places),
    birthdays: records.flatMap((record) => birthdayOf(record.details?.age) ?? []),
  };
}
