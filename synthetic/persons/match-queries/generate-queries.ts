import { base, Faker } from '@faker-js/faker';
import type { PersonRecord } from '../../../schemas/data/person-record.ts';
import { generatePersons, type GenerateOptions } from '../generate.ts';
import { corruptDraft } from './corruptions.ts';
import type { Donor } from './draft-edits.ts';
import { corruptAsLiterature } from './literature-errors.ts';
import { draftOf, renderQuery, type MatchQuery, type SourcePerson } from './query-draft.ts';
import { streetNumberOf } from './street-parts.ts';

/**
 * Queries with known truth for measuring how well person.enrich finds a person from an imperfect name and postal
 * address: each is a generated person written as some caller would, with one to three corrupted fields, and the
 * id of the record it is for. About one in ten is for a person who is not in the file (`truth: null`): the persons
 * the same generator makes right after the file's last one, so that some of them share an address and a family
 * name with a person in the file (a household), the hardest kind of wrong answer to refuse.
 */
export type MatchQueryLine = { id: string; truth: string | null; corruptions: string[]; query: MatchQuery };

export type MatchQueryOptions = {
  /** The persons file the queries are for: the same count, seed and countries as it was generated with. */
  persons: GenerateOptions;
  /** How many queries. */
  count: number;
  /** Seed of the choice of persons, ways of writing and corruptions. */
  seed: number;
  /**
   * Whose error model corrupts the queries: the project's own (corruptions.ts, one to three a query, the default)
   * or the record-linkage literature's (literature-errors.ts, one to five).
   */
  errors?: 'project' | 'literature';
  /** Whether the queries give the person's birthday (`{year, month, day}`), as some callers do: not unless asked. */
  birthdays?: boolean;
  /** Called every 10,000 persons read while finding the queries' persons. */
  onProgress?(personsRead: number, personsTotal: number): void;
};

/** The share of queries for persons not in the file: enough wrong answers to be refused to measure precision by. */
const ABSENT_SHARE = 0.1;
/** How many persons of each country lend their names, street, city and postal code to "a value replaced by another". */
const DONORS_PER_COUNTRY = 300;

const sourceOf = (record: PersonRecord, withBirthday: boolean): SourcePerson => {
  const location = record.details.locations[0]!;
  const born = record.details.age?.birthday;
  return {
    ...(withBirthday && born?.year && born.month && born.day && { birthday: { year: born.year, month: born.month, day: born.day } }),
    id: record.id,
    given: record.details.name?.given ?? '',
    family: record.details.name?.family ?? '',
    location: {
      addressLine1: location.addressLine1 ?? '',
      city: location.city ?? '',
      region: location.region ?? '',
      regionCode: location.regionCode ?? null,
      postalCode: location.postalCode ?? '',
      country: location.country ?? '',
      countryCode: location.countryCode ?? '',
    },
  };
};

/** `want` different indices below `range`, or (when there are not that many) `want` drawn with repeats. */
function chooseIndices(range: number, want: number, r: Faker): number[] {
  if (want > range) return Array.from({ length: want }, () => r.number.int({ min: 0, max: range - 1 }));
  const chosen = new Set<number>();
  while (chosen.size < want) chosen.add(r.number.int({ min: 0, max: range - 1 }));
  return [...chosen];
}

/**
 * The queries, in a shuffled order, ids `q000001` on. The persons are generated again (the same seed gives the same
 * records), reading `count + absent` of them once: the file's persons' names, addresses and ids do not depend on
 * how many are generated, so the persons after the file's last are persons it does not hold.
 */
export function generateMatchQueries(options: MatchQueryOptions): MatchQueryLine[] {
  const r = new Faker({ locale: [base] });
  r.seed(options.seed);
  const inFile = options.persons.count;
  const absent = Math.round(options.count * ABSENT_SHARE);
  const present = options.count - absent;
  const targets = [...chooseIndices(inFile, present, r), ...Array.from({ length: absent }, (_, i) => inFile + i)];
  const wanted = new Set(targets);

  const sources = new Map<number, SourcePerson>();
  const donors = new Map<string, Donor[]>();
  const total = inFile + absent;
  let index = 0;
  for (const record of generatePersons({ ...options.persons, count: total })) {
    if (wanted.has(index)) sources.set(index, sourceOf(record, options.birthdays ?? false));
    const location = record.details.locations[0];
    const own = donors.get(location?.countryCode ?? '') ?? [];
    if (index < inFile && location?.city && location.postalCode && own.length < DONORS_PER_COUNTRY) {
      own.push({
        given: record.details.name?.given ?? '',
        family: record.details.name?.family ?? '',
        street: (location.addressLine1 && streetNumberOf(location.addressLine1)?.street) ?? location.addressLine1 ?? '',
        city: location.city,
        postalCode: location.postalCode,
      });
      donors.set(location.countryCode!, own);
    }
    index += 1;
    if (index % 10_000 === 0) options.onProgress?.(index, total);
  }

  return r.helpers.shuffle(targets).map((target, n) => {
    const person = sources.get(target)!;
    const context = { r, donors: donors.get(person.location.countryCode) ?? [] };
    const { draft, labels } =
      options.errors === 'literature' ? corruptAsLiterature(draftOf(person, r), context) : corruptDraft(draftOf(person, r), r.number.int({ min: 1, max: 3 }), context);
    return {
      id: `q${String(n + 1).padStart(6, '0')}`,
      truth: target < inFile ? person.id : null,
      corruptions: labels,
      query: renderQuery(draft),
    };
  });
}
