/**
 * The one reduction of names and addresses that stored persons and queries share, so that both sides meet:
 * case, accents and punctuation go; common street words are abbreviated one way; postal codes lose spaces.
 */

/** Lower-case ASCII words separated by single spaces: `Müller-Lüdenscheidt, Jr.` → `muller ludenscheidt jr`. */
export function plainWords(value: string): string {
  // Most names and addresses are ASCII already: decomposing them is the slow part of an import's keys.
  const ascii = /^[\x00-\x7f]*$/.test(value) ? value : value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss');
  return ascii.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** The words of a value, reduced (./plainWords); none for a missing or blank one. */
export const wordsOf = (value: string | null | undefined): string[] => (value ? plainWords(value).split(' ').filter(Boolean) : []);

/** Street words, and the abbreviation both sides are reduced to. */
const STREET_WORDS: Record<string, string> = {
  street: 'st', avenue: 'ave', av: 'ave', road: 'rd', drive: 'dr', lane: 'ln', boulevard: 'blvd', court: 'ct', place: 'pl',
  square: 'sq', terrace: 'ter', circle: 'cir', highway: 'hwy', parkway: 'pkwy', suite: 'ste', apartment: 'apt',
  north: 'n', south: 's', east: 'e', west: 'w', northwest: 'nw', northeast: 'ne', southwest: 'sw', southeast: 'se',
  mount: 'mt', strasse: 'str',
};

/**
 * Words that say what kind of street it is or where on it, not which street: the abbreviations above, and
 * more kinds written either way. (Only comparisons read these; the stored keys abbreviate just STREET_WORDS.)
 */
const STREET_KINDS = new Set([
  ...Object.values(STREET_WORDS),
  ...['crescent', 'cres', 'close', 'cl', 'grove', 'gr', 'gardens', 'gdns', 'way', 'wy', 'creek', 'crk', 'mountain', 'mtn'],
  ...['point', 'pt', 'heights', 'hts', 'village', 'vlg', 'junction', 'jct', 'trail', 'trl', 'row', 'walk', 'mews', 'hill'],
  ...['circuit', 'cct', 'parade', 'pde', 'esplanade', 'esp', 'loop'],
  ...['rue', 'allee', 'chemin', 'impasse', 'weg', 'gasse', 'platz', 'ring', 'allee', 'damm', 'ufer'],
]);

/**
 * Kinds of street a word may carry joined at its end (`Torrensstreet`, `Leltaplace`): long and seldom the end of
 * a street's own name, as `court` (Harcourt) or `hill` (Churchill) would be.
 */
const JOINED_KINDS = ['street', 'avenue', 'drive', 'place', 'crescent', 'terrace', 'boulevard'];
/** Least letters left of a word once a joined kind is taken off: `nstreet` is no street `n`. */
const LEAST_NAME_BEFORE_KIND = 3;

/** A word with a kind of street joined at its end, as its two words (`torrensstreet` → `torrens street`); else the word. */
function splitJoinedKind(word: string): string[] {
  const kind = JOINED_KINDS.find((ending) => word.endsWith(ending) && word.length - ending.length >= LEAST_NAME_BEFORE_KIND);
  return kind ? [word.slice(0, -kind.length), kind] : [word];
}

/**
 * A street line's words, a kind of street joined to the word before it split off, street words abbreviated:
 * `12 North Main Street` → `12 n main st`, `3 Torrensstreet` → `3 torrens st`.
 */
export const streetWords = (line: string | null | undefined): string[] =>
  wordsOf(line)
    .flatMap(splitJoinedKind)
    .map((word) => STREET_WORDS[word] ?? word);

/** Whether a reduced street word only says what kind of street it is (`st`, `n`), not which street. */
export const isStreetKind = (word: string): boolean => STREET_KINDS.has(word);

/** A US ZIP+4 is its ZIP; other postal codes lose spaces and case. */
export function postalCode(code: string | null | undefined): string {
  const plain = code ? plainWords(code).replace(/ /g, '') : '';
  return /^\d{9}$/.test(plain) ? plain.slice(0, 5) : plain;
}
