import { jaroWinkler } from '@skyra/jaro-winkler';
import optimalStringAlignment from 'talisman/metrics/damerau-levenshtein.js';
import { doubleMetaphone } from 'double-metaphone';
import { distance as levenshtein } from 'fastest-levenshtein';

/** Jaro–Winkler similarity, 0 (nothing shared) to 1 (equal): kind to typos late in a word, as names have. */
export const similarity = (a: string, b: string): number => (a === b ? 1 : jaroWinkler(a, b));

/**
 * Edits between two values, a transposition of neighbours counting as one (Damerau–Levenshtein, optimal string
 * alignment): `90210` and `92010` are one edit apart.
 */
export const edits = (a: string, b: string): number => optimalStringAlignment(a, b);

/**
 * Whether two values are at most `most` edits apart (edits), without working out the edits of most pairs: the
 * length gap, then Levenshtein's distance (bit-parallel, many times cheaper), which counts a transposition as two
 * edits and so is never below edits() nor above twice it, settle all but the pairs between `most` and twice it.
 * The resolver asks this of every name, street and email of every candidate.
 */
export function editsWithin(a: string, b: string, most: number): boolean {
  if (Math.abs(a.length - b.length) > most) return false;
  const plain = levenshtein(a, b);
  if (plain <= most) return true;
  return plain <= 2 * most && edits(a, b) <= most;
}

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
