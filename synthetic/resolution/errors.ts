import { initialOf } from '../persons/match-queries/name-variants.ts';
import { changeDigit, transposeDigits } from '../persons/match-queries/street-parts.ts';
import { joinWords, keyboardSlip, ocrConfusion, phoneticSpelling, splitWord, typoDelete, typoInsert, typoTranspose } from '../persons/match-queries/text-errors.ts';
import { NICKNAMES } from './names.ts';
import type { Birth } from './population.ts';
import type { Random } from './random.ts';

/**
 * The errors a source makes in a value, after the corruptors of the record-linkage literature (Christen's Febrl
 * `dsgen` and GeCo; pseudopeople's noise types). The mistakes in writing a word are the matching bench's
 * (synthetic/persons/match-queries/text-errors.ts); this module adds what a record's other fields suffer, dates
 * and numbers, and says which of them each kind of error is. Each takes a value and returns it changed, or null
 * when it cannot apply (no OCR look-alike, no nickname for the name, a day that cannot be a month).
 */
export type ErrorKind =
  | 'typo'
  | 'ocr'
  | 'phonetic'
  | 'nickname'
  | 'replaced'
  | 'truncated'
  | 'split-joined'
  | 'names-swapped'
  | 'day-month-swapped'
  | 'year-off'
  | 'digit';

export const ERROR_KINDS: readonly ErrorKind[] = ['typo', 'ocr', 'phonetic', 'nickname', 'replaced', 'truncated', 'split-joined', 'names-swapped', 'day-month-swapped', 'year-off', 'digit'];

const orNull = (value: string | undefined) => value ?? null;

/** A keyboard slip: the key beside (five times in eleven), a stray letter, a letter left out, or two swapped. */
export function typo(random: Random, value: string): string | null {
  const slip = random.weighted([
    { value: keyboardSlip, weight: 5 },
    { value: typoInsert, weight: 2 },
    { value: typoDelete, weight: 2 },
    { value: typoTranspose, weight: 2 },
  ]);
  return orNull(slip(value, random.faker) ?? keyboardSlip(value, random.faker));
}

/** Digits a scanner reads as one another, for fields that must stay digits (a date, a phone number). */
const OCR_DIGITS: Record<string, string> = { '0': '86', '1': '74', '3': '8', '4': '91', '5': '6', '6': '580', '7': '1', '8': '3606', '9': '4' };

/** A scanner's misreading (`rn` as `m`, `O` as `0`); with `digits`, a digit read as another digit. */
export function ocr(random: Random, value: string, options: { digits?: boolean } = {}): string | null {
  if (!options.digits) return orNull(ocrConfusion(value, random.faker));
  const places = [...value].flatMap((char, at) => (OCR_DIGITS[char] ? [at] : []));
  if (places.length === 0) return null;
  const at = random.pick(places);
  return value.slice(0, at) + random.pick([...OCR_DIGITS[value[at]!]!]) + value.slice(at + 1);
}

/** A sound-alike spelling (`Philips` as `Filips`, `Clarke` as `Clark`). */
export const phonetic = (random: Random, value: string) => orNull(phoneticSpelling(value, random.faker));

/** A short form of the first of the given names (`Robert` as `Bob`), in its case; null when it has none. */
export function nickname(random: Random, value: string): string | null {
  const [first, ...rest] = value.split(' ');
  const name = Object.keys(NICKNAMES).find((key) => key.toLowerCase() === first!.toLowerCase());
  if (!name) return null;
  const short = random.pick(NICKNAMES[name]!);
  return [first === first!.toUpperCase() ? short.toUpperCase() : short, ...rest].join(' ');
}

/** A value cut short: a given name to its initial half the time, else one to three letters off (keeping three). */
export function truncated(random: Random, value: string, options: { initial: boolean }): string | null {
  if (options.initial && random.chance(0.5)) return orNull(initialOf(value, random.faker));
  if (value.length < 5) return null;
  return value.slice(0, Math.max(3, value.length - random.int(1, 3)));
}

/** Words joined (`Van der Berg` as `VanderBerg`), or one split, after a prefix if it has one (`Mc Donald`, `Will iams`). */
export const splitJoined = (random: Random, value: string) =>
  orNull(/[\s-]/.test(value) ? joinWords(value, random.faker) : splitWord(value, random.faker));

/** One digit of a number changed, or (three times in ten) two neighbouring ones swapped. */
export const digit = (random: Random, value: string) =>
  orNull((random.chance(0.3) ? transposeDigits(value, random.faker) : undefined) ?? changeDigit(value, random.faker));

const isDate = ({ year, month, day }: Birth) => month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Day and month the other way round (a form read the American way); only where the day can be a month. */
export const dayMonthSwapped = (date: Birth): Birth | null =>
  date.day <= 12 && date.day !== date.month ? { year: date.year, month: date.day, day: date.month } : null;

/** The year one off (nine times in ten) or ten off (a decade misheard or misread); 29 February becomes the 28th. */
export function yearOff(random: Random, date: Birth): Birth | null {
  const shift = (random.chance(0.9) ? 1 : 10) * (random.chance(0.5) ? 1 : -1);
  const moved = { ...date, year: date.year + shift };
  return isDate(moved) ? moved : { ...moved, day: 28 };
}

/** One digit of the date keyed wrong (or, with `ocr`, misread), the date still a date. */
export function dateDigit(random: Random, date: Birth, options: { ocr?: boolean } = {}): Birth | null {
  const text = `${date.year}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const changed = options.ocr ? ocr(random, text, { digits: true }) : digit(random, text);
    if (changed === null) return null;
    const next = { year: Number(changed.slice(0, 4)), month: Number(changed.slice(4, 6)), day: Number(changed.slice(6, 8)) };
    if (changed !== text && isDate(next) && next.year >= 1900 && next.year <= 2025) return next;
  }
  return null;
}
