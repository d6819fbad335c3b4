import { compareBirthday, type Birthday } from './birthday.ts';
import { compareNames, comparePlaces, type Comparison, type Field, type FieldWeight, type Level } from './comparisons.ts';
import { atEvenOdds, familyChangedAtHome, homeAgrees, householdMemberAtHome } from './names-at-home.ts';
import { digitsAsLetters, nameTypos } from './name-typos.ts';
import type { IdentifierCategory, NameFields, PlaceFields } from '../../schemas/events/payloads.ts';

/**
 * The Fellegi–Sunter model of a match (docs/matching.md). For each kind of evidence (an identifier, a field of
 * a name or an address) and each comparison level, `m` is the probability of that level when the candidate is
 * the person the query describes, `u` when it is somebody else; a level's weight is log2(m/u), the bits of
 * evidence it carries (a missing value carries none). A candidate's match weight is the prior log-odds plus
 * the weights of all the evidence (./person-score.ts).
 *
 * Fields of one address are not independent of each other (a household shares all of them), so an address is
 * worth at most what tells one household from all the others, `persons / HOUSEHOLD`: the name must tell the
 * household apart.
 */
export type LevelProbabilities = { m: number; u: number };

/**
 * An exact identifier's evidence. `reliability`: how likely a person whose record holds the identifier is
 * the one the query means, when nothing else is known (a phone may be a household's or reassigned, an email
 * seldom is): its agreement weight lifts the prior to those odds, whatever the number of persons. `m`: that the
 * person's record holds the identifier the query gives (people have more emails than any record lists), which
 * sets how little a disagreement weighs.
 */
export type IdentifierEvidence = {
  reliability: number;
  m: number;
  /**
   * Of two records' values that differ (the resolver compares clear emails), those a typo or two apart
   * (domain/identity-graph/compare.ts): how often one person's records hold them (m) and two persons' (u).
   */
  close?: LevelProbabilities;
};
export type MatchModel = {
  /** Which model this is: answers name it, so that a match can be traced to the weights that made it. */
  version: string;
  /** Persons a query's person may be one of: sets the prior (one of them) and what an address can be worth. */
  persons: number;
  identifiers: Record<IdentifierCategory, IdentifierEvidence>;
  levels: Record<Field, Partial<Record<Exclude<Level, 'missing'>, LevelProbabilities>>>;
  /** m of given and family swapped: how often a match writes them the other way round. */
  swapped: number;
  /**
   * How many persons hold each value of these fields, where more than one does (./train.ts): an exact
   * agreement on a value is then as rare as the value (term frequency), not as the average agreement.
   */
  frequencies?: Partial<Record<TermField, Record<string, number>>>;
  /**
   * Pairs of records at one home, counted at training (domain/identity-graph/home-pairs.ts): `pairs`, all those
   * sampled; under one family name, given names wholly other, by how they were born: `apart`, a household's
   * members; `sameDay`, twins or one person's records with the given name replaced; under one name, `oneNameApart`,
   * born further apart than one person's slips: a household's namesakes, or a birth date written wrong. Absent in a
   * model trained before it was counted, and `pairs` and `oneNameApart` in one trained before they were.
   */
  homePairs?: { pairs?: number; apart: number; sameDay: number; oneNameApart?: number };
};

/** The fields whose exact agreement is weighed by how common the value is. */
export const TERM_FIELDS = ['given', 'family', 'city', 'street'] as const;
export type TermField = (typeof TERM_FIELDS)[number];

/** A field's value as term frequencies count it: its words joined (`de little` and `delittle` are one). */
export const termValue = (value: string | string[]): string =>
  (Array.isArray(value) ? value.join('') : value.replace(/ /g, ''));

/** Persons an address holds, typically: an agreeing address narrows the candidates to them. */
const HOUSEHOLD = 4;

/**
 * Documented defaults (docs/matching.md): m from how often callers' data carries each kind of error, u from
 * how often two different persons' values agree by chance.
 */
export const DEFAULT_MODEL: MatchModel = {
  version: 'default-1',
  persons: 1_000_000,
  swapped: 0.05,
  // A record holds few of a person's emails, phones and devices: one the query gives that it lacks is weak
  // evidence against it (m 0.3: −0.5 bits). A reference of the account's own names its person surely.
  identifiers: {
    // Two emails a typo or two apart: a mistake in one person's records about once in 30 pairs; two persons'
    // (namesakes write theirs from their names) about once in 300 of the pairs the resolver compares.
    email: { reliability: 0.99, m: 0.3, close: { m: 0.03, u: 0.003 } },
    profile: { reliability: 0.99, m: 0.3 },
    li_nonid: { reliability: 0.99, m: 0.3 },
    maid: { reliability: 0.98, m: 0.3 },
    phone: { reliability: 0.9, m: 0.3 },
    name_placekey: { reliability: 0.9, m: 0.3 },
    record: { reliability: 0.999, m: 0.9 },
  },
  levels: {
    given: {
      exact: { m: 0.82, u: 0.01 },
      close: { m: 0.1, u: 0.004 },
      nickname: { m: 0.03, u: 0.002 },
      initial: { m: 0.02, u: 0.05 },
      similar: { m: 0.02, u: 0.04 },
      different: { m: 0.005, u: 0.9 },
    },
    family: {
      exact: { m: 0.85, u: 0.002 },
      close: { m: 0.12, u: 0.002 },
      similar: { m: 0.02, u: 0.02 },
      different: { m: 0.01, u: 0.976 },
    },
    number: {
      exact: { m: 0.9, u: 0.01 },
      close: { m: 0.06, u: 0.03 },
      different: { m: 0.04, u: 0.96 },
    },
    street: {
      exact: { m: 0.82, u: 0.002 },
      close: { m: 0.14, u: 0.003 },
      similar: { m: 0.02, u: 0.02 },
      different: { m: 0.02, u: 0.975 },
    },
    city: {
      exact: { m: 0.85, u: 0.01 },
      close: { m: 0.1, u: 0.002 },
      different: { m: 0.05, u: 0.988 },
    },
    postcode: {
      exact: { m: 0.85, u: 0.002 },
      close: { m: 0.1, u: 0.003 },
      similar: { m: 0.02, u: 0.02 },
      different: { m: 0.03, u: 0.975 },
    },
    region: {
      exact: { m: 0.95, u: 0.1 },
      different: { m: 0.05, u: 0.9 },
    },
    // A whole date agrees by chance about once in 20,000 pairs (365 days of some 60 years); a slip of one
    // person's records (./birthday.ts) about once in 500. A part given on one side only is weak evidence.
    birthday: {
      exact: { m: 0.85, u: 0.00005 },
      close: { m: 0.08, u: 0.002 },
      similar: { m: 0.04, u: 0.05 },
      different: { m: 0.03, u: 0.948 },
    },
    // A whole address, as the resolver compares two records' (./comparisons.ts compareAddress): one person's
    // records from two sources hold different addresses often (it moved), so that disagreement weighs little.
    // A house number and a postal code agree by chance about as often as each does (0.01 · 0.002); a postal code
    // alone (`similar`) and a town alone (`town`) as the postcode's and the city's fields do.
    address: {
      exact: { m: 0.55, u: 0.000001 },
      close: { m: 0.1, u: 0.0005 },
      home: { m: 0.04, u: 0.00002 },
      similar: { m: 0.03, u: 0.002 },
      town: { m: 0.03, u: 0.01 },
      different: { m: 0.25, u: 0.9795 },
    },
  },
};

export type { FieldWeight };

/**
 * What a name with an address is worth for a candidate (bits), and how: what each field contributed, what the
 * names written the other way round cost (0 when they were not), and the bits the address was cut by (its cap).
 * `weight` is the fields' sum plus `swap` less `capped`.
 */
export type NameAddressScore = { weight: number; fields: FieldWeight[]; swap: number; capped: number };

/** The candidate's values of the term fields, as frequencies count them. */
type Terms = Partial<Record<TermField, string>>;

/**
 * A comparison's weight, log2(m/u); for an exact agreement on a term field whose frequencies the model holds,
 * u is the share of persons holding the candidate's value (a value not listed is held by one).
 */
export const levelWeight = (model: MatchModel, { field, level }: Comparison, terms: Terms = {}): number => {
  if (level === 'missing' || level === 'changed') return 0;
  // A model trained before a field (or a level of it) was compared has no levels for it: the defaults stand in.
  const probabilities = model.levels[field]?.[level] ?? DEFAULT_MODEL.levels[field][level];
  if (!probabilities) throw new Error(`the model has no level ${level} for ${field}`);
  const frequencies = model.frequencies?.[field as TermField];
  const value = terms[field as TermField];
  const u = level === 'exact' && frequencies && value ? (frequencies[value] ?? 1) / model.persons : probabilities.u;
  return Math.log2(probabilities.m / u);
};

const weighed = (model: MatchModel, comparisons: Comparison[], terms: Terms): FieldWeight[] =>
  comparisons.map((comparison) => ({ ...comparison, weight: levelWeight(model, comparison, terms) }));
const total = (fields: FieldWeight[]) => fields.reduce((sum, field) => sum + field.weight, 0);

/**
 * The name's fields as written or swapped, whichever agrees better (swapped paying for its rarity), digits misread
 * for letters read as those and slips in short names as slips (./name-typos.ts).
 */
export function scoreName(model: MatchModel, written: NameFields, candidate: NameFields): { fields: FieldWeight[]; swap: number; weight: number } {
  const query = digitsAsLetters(written, candidate);
  const { straight, crossed } = compareNames(query, candidate);
  const terms = { given: termValue(candidate.given), family: termValue(candidate.family) };
  const asWritten = weighed(model, nameTypos(straight, query, candidate, model.frequencies ?? {}), terms);
  const swapped = weighed(model, crossed, terms);
  const swap = Math.log2(model.swapped);
  return total(swapped) + swap > total(asWritten)
    ? { fields: swapped, swap, weight: total(swapped) + swap }
    : { fields: asWritten, swap: 0, weight: total(asWritten) };
}

/** An address's fields compared, each weighed. */
export function scorePlace(model: MatchModel, query: PlaceFields, candidate: PlaceFields): { fields: FieldWeight[]; weight: number } {
  const terms = { city: termValue(candidate.city), street: termValue(candidate.street) };
  const fields = weighed(model, comparePlaces(query, candidate), terms);
  return { fields, weight: total(fields) };
}

export const best = <T extends { weight: number }>(scores: T[]): T | undefined =>
  scores.reduce<T | undefined>((top, score) => (!top || score.weight > top.weight ? score : top), undefined);

/**
 * How well a candidate (its names and addresses, any of which may be the one meant) matches the query's name
 * (each way it may be read) and address: the best pair of names plus the best of its addresses, an address
 * capped as above, a family name changed at a home that agrees weighing nothing, a given name wholly other there
 * (a household member's) at even odds (./names-at-home.ts). Undefined
 * when the candidate has no name or no address to compare: no evidence either way.
 */
export function nameAddressScore(
  model: MatchModel,
  query: { names: NameFields[]; place: PlaceFields; birthday?: Birthday },
  candidate: { names: NameFields[]; places: PlaceFields[]; birthdays?: readonly Birthday[] },
): NameAddressScore | undefined {
  const name = best(query.names.flatMap((asked) => candidate.names.map((names) => scoreName(model, asked, names))));
  const place = best(candidate.places.map((other) => ({ ...scorePlace(model, query.place, other), unnumbered: !query.place.number && !other.number })));
  if (!name || !place) return undefined;
  const capped = householdExcess(model, place.weight);
  const home = homeAgrees(place.fields, place.unnumbered);
  const changed = familyChangedAtHome(name.fields, home);
  const addressBits = place.weight - capped;
  const nameFields = householdMemberAtHome(changed, home) ? atEvenOdds(changed, addressBits + name.swap, -priorWeight(model)) : changed;
  const born = birthdayScore(model, query.birthday, candidate.birthdays ?? []);
  const fields = [...nameFields, ...place.fields, ...(born ? [born] : [])];
  return { weight: total(nameFields) + name.swap + addressBits + (born?.weight ?? 0), fields, swap: name.swap, capped };
}

/**
 * The query's birthday against the best of the candidate's (./birthday.ts compareBirthday): evidence of the one
 * individual, beyond the household cap, as a twin's or a parent's differs. Undefined when either side gives none.
 */
function birthdayScore(model: MatchModel, asked: Birthday | undefined, birthdays: readonly Birthday[]): FieldWeight | undefined {
  if (!asked) return undefined;
  const compared = birthdays.map((birthday) => ({ field: 'birthday' as const, level: compareBirthday(asked, birthday) })).filter((comparison) => comparison.level !== 'missing');
  return best(compared.map((comparison) => ({ ...comparison, weight: levelWeight(model, comparison) })));
}

/**
 * The bits by which evidence of a household (an address; for the resolver also a family name and a phone) exceeds
 * what tells one household from all the others: what it is cut by. `personsAHome` is how many persons an address
 * holds: typically HOUSEHOLD, one where the data holds next to no households (the resolver's, compare.ts).
 */
export const householdExcess = (model: MatchModel, householdWeight: number, personsAHome = HOUSEHOLD): number =>
  Math.max(0, householdWeight - Math.log2(model.persons / personsAHome));

/** The prior log-odds that a given person is the one the query describes: one of `persons`. */
export const priorWeight = (model: MatchModel): number => -Math.log2(model.persons);

/** What two values of an identifier a typo or two apart are worth, where the model knows (IdentifierEvidence.close). */
export function closeIdentifierWeight(model: MatchModel, category: IdentifierCategory): number | undefined {
  const close = model.identifiers[category].close;
  return close && Math.log2(close.m / close.u);
}

/** What an identifier of this kind is worth for a person whose record holds it (`agrees`) or does not. */
export function identifierWeight(model: MatchModel, category: IdentifierCategory, agrees: boolean): number {
  const { reliability, m } = model.identifiers[category];
  return agrees ? Math.log2(reliability / (1 - reliability)) - priorWeight(model) : Math.log2(1 - m);
}

/**
 * The probability that each candidate is the person the query describes, when at most one of them is: its
 * odds against those of the others and of nobody (2^weight each, nobody 1). Two candidates that match equally
 * well share the probability, so neither is sure.
 */
export function matchProbabilities(weights: number[]): number[] {
  if (weights.length === 0) return [];
  const top = Math.max(0, ...weights);
  const odds = weights.map((weight) => 2 ** (weight - top));
  const sum = 2 ** -top + odds.reduce((a, b) => a + b, 0);
  return odds.map((value) => value / sum);
}
