import type { NameFields } from '../../schemas/events/payloads.ts';
import type { Comparison, Level } from './comparisons.ts';
import { editsWithin } from './similarity.ts';

/** Levels a short name one letter off gets (./comparisons.ts): `Tom` and `Tim` are only similar, or different. */
const OFF_BY_A_LETTER: ReadonlySet<Level> = new Set(['similar', 'different']);
/** Shorter names one edit apart are an initial's or too many other names' neighbours to read as a typo. */
const SHORTEST = 3;

/** The letters print confuses digits with (GeCo's and FEBRL's OCR tables): `Flat1ey`, `Sc0ttie`, `5arah`. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '2': 'z', '5': 's', '6': 'b', '8': 'b' };
const LOOKALIKE_DIGIT = /[012568]/g;
const hasDigit = (name: NameFields) => [...name.given, ...name.family].some((word) => /\d/.test(word));

/**
 * The query's name with its digits read as the letters they look like, when the candidate's name has none: a
 * digit in a name is a misread letter (`Flat1ey` is `Flatley`). Where both have digits (an identifier used as a
 * name) they are compared as written.
 */
export function digitsAsLetters(query: NameFields, candidate: NameFields): NameFields {
  if (!hasDigit(query) || hasDigit(candidate)) return query;
  const read = (words: string[]) => words.map((word) => word.replace(LOOKALIKE_DIGIT, (digit) => DIGIT_LOOKALIKES[digit]!));
  return { given: read(query.given), family: read(query.family) };
}

/** The common values of each name part: a trained model's term frequencies (./model.ts). */
export type KnownNames = Partial<Record<'given' | 'family', Readonly<Record<string, number>>>>;

/**
 * The name's comparisons read again with the population's names: a name part one edit from the candidate's that
 * is none of the common names of its kind (`known`) is a typo of it (`close`), as a keyboard's `Jphn` for `John`,
 * while `Tim` beside `Tom` stays as it was, since it is a name many hold, a household member's as likely as a
 * slip. Without the frequencies (an untrained model) the comparisons are as they were: there is then no telling a
 * name from a slip.
 */
export function nameTypos(comparisons: readonly Comparison[], query: NameFields, candidate: NameFields, known: KnownNames): Comparison[] {
  const slip = (part: 'given' | 'family') => {
    const names = known[part];
    const [asked, held] = [query[part].join(''), candidate[part].join('')];
    return names !== undefined && Math.min(asked.length, held.length) >= SHORTEST && !Object.hasOwn(names, asked) && editsWithin(asked, held, 1);
  };
  return comparisons.map((comparison) =>
    (comparison.field === 'given' || comparison.field === 'family') && OFF_BY_A_LETTER.has(comparison.level) && slip(comparison.field)
      ? { field: comparison.field, level: 'close' }
      : comparison,
  );
}
