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

/** The primary Double Metaphone code of a word: how it sounds (`smith`, `smyth` → `SM0`); empty for none. */
export const soundOf = (word: string): string => (word ? doubleMetaphone(word)[0] : '');
