import { jaroWinkler } from '@skyra/jaro-winkler';
import optimalStringAlignment from 'talisman/metrics/damerau-levenshtein.js';
import { doubleMetaphone } from 'double-metaphone';

/** Jaro–Winkler similarity, 0 (nothing shared) to 1 (equal): kind to typos late in a word, as names have. */
export const similarity = (a: string, b: string): number => (a === b ? 1 : jaroWinkler(a, b));

/**
 * Edits between two values, a transposition of neighbours counting as one (Damerau–Levenshtein, optimal string
 * alignment): `90210` and `92010` are one edit apart.
 */
export const edits = (a: string, b: string): number => optimalStringAlignment(a, b);

/** Sounds of words kept once worked out: names and streets repeat, so most words of a lookup or an import are here. */
const SOUNDS_KEPT = 20_000;
const sounds = new Map<string, string>();

/** The primary Double Metaphone code of a word: how it sounds (`smith`, `smyth` → `SM0`); empty for none. */
export function soundOf(word: string): string {
  if (!word) return '';
  const known = sounds.get(word);
  if (known !== undefined) return known;
  if (sounds.size >= SOUNDS_KEPT) sounds.clear();
  const sound = doubleMetaphone(word)[0];
  sounds.set(word, sound);
  return sound;
}
