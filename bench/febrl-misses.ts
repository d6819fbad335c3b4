import { similarity } from '../domain/matching/similarity.ts';
import type { FebrlRow } from './febrl-csv.ts';

/**
 * Why a FEBRL duplicate was not found: the categories of issue #47, from how the duplicate differs from its
 * original. Each miss falls in the first category that fits, in this order.
 */
export const MISS_CATEGORIES = [
  'a name missing',
  'both names changed or swapped',
  'given name replaced (surname and address agree)',
  'surname replaced (given name and address agree)',
  'two or more address fields broken',
  'other',
] as const;
export type MissCategory = (typeof MISS_CATEGORIES)[number];

export const ADDRESS_FIELDS = ['street_number', 'address_1', 'address_2', 'suburb', 'postcode', 'state'] as const;

/**
 * Below this Jaro-Winkler similarity a name is another name rather than the same one mistyped: a typo, an OCR
 * slip or a phonetic spelling of a name keeps it above (michaela / micheala 0.98, catherine / kathryn 0.76; michaela / joshua 0.53).
 */
const REPLACED_BELOW = 0.75;

type Names = Pick<FebrlRow, 'given_name' | 'surname'>;
type Person = Names & Pick<FebrlRow, (typeof ADDRESS_FIELDS)[number]>;

/** Whether a name was there in the original and is another one in the duplicate, not a misspelling of it. */
const replaced = (original: string, duplicate: string) => original !== '' && duplicate !== '' && similarity(original, duplicate) < REPLACED_BELOW;

/** The address fields the duplicate writes otherwise than the original, a value gone included. */
export const brokenAddressFields = (original: Person, duplicate: Person) => ADDRESS_FIELDS.filter((field) => original[field] !== duplicate[field]);

export function classifyMiss(original: Person, duplicate: Person): MissCategory {
  if ((original.given_name && !duplicate.given_name) || (original.surname && !duplicate.surname)) return 'a name missing';
  const swapped = duplicate.given_name !== '' && duplicate.given_name === original.surname && duplicate.surname === original.given_name;
  const givenReplaced = replaced(original.given_name, duplicate.given_name);
  const surnameReplaced = replaced(original.surname, duplicate.surname);
  if (swapped || (givenReplaced && surnameReplaced)) return 'both names changed or swapped';
  const addressAgrees = brokenAddressFields(original, duplicate).length < 2;
  if (givenReplaced && addressAgrees) return 'given name replaced (surname and address agree)';
  if (surnameReplaced && addressAgrees) return 'surname replaced (given name and address agree)';
  if (!addressAgrees) return 'two or more address fields broken';
  return 'other';
}

/** How many misses fall in each category, every category named, in order. */
export function countMisses(pairs: readonly { original: Person; duplicate: Person }[]): Record<MissCategory, number> {
  const counts = Object.fromEntries(MISS_CATEGORIES.map((category) => [category, 0])) as Record<MissCategory, number>;
  for (const { original, duplicate } of pairs) counts[classifyMiss(original, duplicate)] += 1;
  return counts;
}
