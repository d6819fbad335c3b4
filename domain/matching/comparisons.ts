import type { NameFields, PlaceFields } from '../../schemas/events/payloads.ts';
import type { MATCH_FIELDS, MATCH_LEVELS } from '../../schemas/v3/person-match.ts';
import { areNicknames } from './nicknames.ts';
import { editsWithin, similarity, soundOf } from './similarity.ts';

/**
 * Comparison levels, as in Fellegi–Sunter linkage: how closely one field of the query agrees with the same
 * field of a candidate, from `exact` down to `different`. `missing` (either side has no value) is no
 * evidence either way; `changed` is a family name another at a home that agrees (./names-at-home.ts), worth
 * nothing either; `home` is a whole address's only (compareAddress). What each other level is worth is the
 * model's (./model.ts).
 */
export type Level = (typeof MATCH_LEVELS)[number];
export type Field = (typeof MATCH_FIELDS)[number];
export type Comparison = { field: Field; level: Level };
/** A comparison with what it is worth, in bits (./model.ts levelWeight). */
export type FieldWeight = Comparison & { weight: number };

const joined = (words: string[]) => words.join('');
const shareWord = (a: string[], b: string[]) => a.some((word) => word.length > 1 && b.includes(word));
/** One side's words (of two letters or more) all in the other's: a middle name one side leaves out. */
const holdsAll = (a: string[], b: string[]) => {
  const words = a.filter((word) => word.length > 1);
  return words.length > 0 && words.every((word) => b.includes(word));
};
const shortest = (a: string, b: string) => Math.min(a.length, b.length);
/** Double Metaphone reads letters only: `ada53377` and `ada8e72` would sound alike. */
const soundAlike = (a: string, b: string) => /^[a-z]+$/.test(a) && /^[a-z]+$/.test(b) && soundOf(a) === soundOf(b);

/**
 * A name part: equal once spaces go (`De Little`, `Delittle`) is exact; one side's words all in the other's (a
 * middle name one side leaves out; `Mary Ann` and `Mary Jane` are two names), a typo (Jaro–Winkler ≥ 0.92, or one edit in five letters or more) or the same sound in five
 * letters or more is close; a nickname or an initial of the name (given names) their own levels. Short names
 * one letter apart (`Tom`, `Tim`) are only similar: in a household they are different people.
 */
export function compareNamePart(query: string[], candidate: string[], options: { given: boolean }): Level {
  if (query.length === 0 || candidate.length === 0) return 'missing';
  const [a, b] = [joined(query), joined(candidate)];
  if (a === b) return 'exact';
  if (holdsAll(query, candidate) || holdsAll(candidate, query)) return 'close';
  if (options.given) {
    if (areNicknames(query[0]!, candidate[0]!)) return 'nickname';
    const [q, c] = [query[0]!, candidate[0]!];
    if ((q.length === 1 && c.startsWith(q)) || (c.length === 1 && q.startsWith(c))) return 'initial';
  }
  const score = similarity(a, b);
  const length = shortest(a, b);
  if (score >= 0.92 || (length >= 5 && editsWithin(a, b, 1)) || (length >= 5 && soundAlike(a, b))) return 'close';
  return score >= 0.8 ? 'similar' : 'different';
}

/** A street number: one digit changed, added, dropped or two swapped (`132` for `123`) is close. */
export function compareNumber(query: string, candidate: string): Level {
  if (!query || !candidate) return 'missing';
  if (query === candidate) return 'exact';
  return editsWithin(query, candidate, 1) ? 'close' : 'different';
}

/** A street's name, without its number and kind: split or joined words are exact, a typo or two close. */
export function compareStreet(query: string[], candidate: string[]): Level {
  if (query.length === 0 || candidate.length === 0) return 'missing';
  const [a, b] = [joined(query), joined(candidate)];
  if (a === b) return 'exact';
  const score = similarity(a, b);
  if (score >= 0.9 || (shortest(a, b) >= 6 && editsWithin(a, b, 2)) || shareWord(query, candidate)) return 'close';
  return score >= 0.75 ? 'similar' : 'different';
}

export function compareCity(query: string, candidate: string): Level {
  if (!query || !candidate) return 'missing';
  const [a, b] = [query.replace(/ /g, ''), candidate.replace(/ /g, '')];
  if (a === b) return 'exact';
  return similarity(a, b) >= 0.9 || (shortest(a, b) >= 4 && editsWithin(a, b, 1)) ? 'close' : 'different';
}

/** A postal code: one character changed, added, dropped or two swapped is close; the same first three similar. */
export function comparePostcode(query: string, candidate: string): Level {
  if (!query || !candidate) return 'missing';
  if (query === candidate) return 'exact';
  if (shortest(query, candidate) >= 4 && editsWithin(query, candidate, 1)) return 'close';
  return shortest(query, candidate) >= 4 && query.slice(0, 3) === candidate.slice(0, 3) ? 'similar' : 'different';
}

/** A region agrees when any of its forms (name, code) meet. */
export function compareRegion(query: string[], candidate: string[]): Level {
  if (query.length === 0 || candidate.length === 0) return 'missing';
  return query.some((form) => candidate.includes(form)) ? 'exact' : 'different';
}

/** The name's parts compared as given (given with given), and crossed (given with family): swapped names. */
export function compareNames(query: NameFields, candidate: NameFields): { straight: Comparison[]; crossed: Comparison[] } {
  const pair = (given: string[], family: string[]): Comparison[] => [
    { field: 'given', level: compareNamePart(given, candidate.given, { given: true }) },
    { field: 'family', level: compareNamePart(family, candidate.family, { given: false }) },
  ];
  return { straight: pair(query.given, query.family), crossed: pair(query.family, query.given) };
}

const agrees = (level: Level) => level === 'exact' || level === 'close';

/**
 * The street as written on its line, or on the other line of either side (./fields.ts placeFields `otherLine`):
 * a source that puts a building's or a locality's name first writes the street second. The other line counts
 * only where it agrees (exactly, else closely), since two addresses' other words are no evidence against them.
 */
export function compareStreetLines(query: PlaceFields, candidate: PlaceFields): Level {
  const straight = compareStreet(query.street, candidate.street);
  if (straight === 'exact') return straight;
  const crossed = [compareStreet(query.otherLine ?? [], candidate.street), compareStreet(query.street, candidate.otherLine ?? [])];
  return crossed.includes('exact') ? 'exact' : !agrees(straight) && crossed.includes('close') ? 'close' : straight;
}

export function comparePlaces(query: PlaceFields, candidate: PlaceFields): Comparison[] {
  return [
    { field: 'number', level: compareNumber(query.number, candidate.number) },
    { field: 'street', level: compareStreetLines(query, candidate) },
    { field: 'city', level: compareCity(query.city, candidate.city) },
    { field: 'postcode', level: comparePostcode(query.postcode, candidate.postcode) },
    { field: 'region', level: compareRegion(query.regions, candidate.regions) },
  ];
}

const inOneLocality = (city: Level, postcode: Level) => agrees(city) || agrees(postcode);

/** Whether two addresses are in one place: their towns or their postal codes agree (exactly, else closely). */
export const sameLocality = (a: PlaceFields, b: PlaceFields): boolean =>
  inOneLocality(compareCity(a.city, b.city), comparePostcode(a.postcode, b.postcode));

/**
 * Two addresses as one comparison, as the resolver weighs them (docs/identity-graph.md): its fields are not
 * independent of each other, and one person's records from two sources often hold two addresses (one moved).
 * `exact`: the same street and house number, or, where neither gives a number, the same street in the same town
 * or postal code (the whole address both give, as the matcher's home is: ./names-at-home.ts homeAgrees); `close`:
 * the same street, the number other or on one side only; `home`: the same house number in the same postal code,
 * the street not read alike (replaced, mistyped past a typo, or given on one side only), which a postal code
 * narrows to a home nearly as a street does; `similar`: another street in the same postal code; `town`: in the
 * same town alone (it holds many postal codes); `different`: nothing agrees; `missing`: nothing to compare.
 */
export function compareAddress(a: PlaceFields, b: PlaceFields): Level {
  const [number, street, city, postcode] = comparePlaces(a, b).map((comparison) => comparison.level) as [Level, Level, Level, Level];
  const unnumberedHome = !a.number && !b.number && inOneLocality(city, postcode);
  if (agrees(street)) return number === 'exact' || unnumberedHome ? 'exact' : 'close';
  if (number === 'exact' && agrees(postcode)) return 'home';
  if (agrees(postcode)) return 'similar';
  if (agrees(city)) return 'town';
  return [street, city, postcode].every((level) => level === 'missing') ? 'missing' : 'different';
}
