import type { Faker } from '@faker-js/faker';

/**
 * The mistakes people and machines make writing a word, one function each: each changes one place of the value,
 * chosen at random, and gives undefined when the value has no place the mistake could happen (no letter pair to
 * swap, no OCR look-alike). The random source is a seeded faker, so the same seed makes the same mistakes.
 */
export type Random = Faker;

const LETTER = /\p{L}/u;
const isUpper = (char: string) => char !== char.toLowerCase() && char === char.toUpperCase();
/** `replacement` in the case of `model` (a letter keeps the case of the one it replaces). */
const inCaseOf = (model: string, replacement: string) => (isUpper(model) ? replacement.toUpperCase() : replacement.toLowerCase());
/** An all-capitals value gets capital insertions, any other lower-case ones. */
const caseOfValue = (value: string, letter: string) => (/\p{Ll}/u.test(value) ? letter : letter.toUpperCase());

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
/** Where the letters of the value's words of at least `shortest` letters are. */
const letterPositions = (value: string, shortest = 1) =>
  [...value.matchAll(new RegExp(`\\p{L}{${shortest},}`, 'gu'))].flatMap((word) => Array.from(word[0], (_, i) => word.index + i));
const randomLetter = (r: Random, not?: string) => r.helpers.arrayElement([...ALPHABET].filter((letter) => letter !== not?.toLowerCase()));

const replaceAt = (value: string, index: number, length: number, by: string) => value.slice(0, index) + by + value.slice(index + length);

/** A letter typed twice or a stray one: `Smith` → `Smitch`. */
export function typoInsert(value: string, r: Random): string | undefined {
  const positions = letterPositions(value);
  if (positions.length === 0) return undefined;
  const after = r.helpers.arrayElement(positions);
  return replaceAt(value, after + 1, 0, caseOfValue(value, randomLetter(r)));
}

/** A letter left out, never a word's only two: `Smith` → `Smth`. */
export function typoDelete(value: string, r: Random): string | undefined {
  const positions = letterPositions(value, 3);
  if (positions.length === 0) return undefined;
  return replaceAt(value, r.helpers.arrayElement(positions), 1, '');
}

/** A letter replaced by any other: `Smith` → `Smuth`. */
export function typoSubstitute(value: string, r: Random): string | undefined {
  const positions = letterPositions(value);
  if (positions.length === 0) return undefined;
  const index = r.helpers.arrayElement(positions);
  return replaceAt(value, index, 1, inCaseOf(value[index]!, randomLetter(r, value[index])));
}

/** Two neighbouring letters swapped, each place keeping its case: `Smith` → `Msith`. */
export function typoTranspose(value: string, r: Random): string | undefined {
  const pairs = letterPositions(value).filter(
    (index) => LETTER.test(value[index + 1] ?? '') && value[index]!.toLowerCase() !== value[index + 1]!.toLowerCase(),
  );
  if (pairs.length === 0) return undefined;
  const index = r.helpers.arrayElement(pairs);
  const [first, second] = [value[index]!, value[index + 1]!];
  return replaceAt(value, index, 2, inCaseOf(first, second) + inCaseOf(second, first));
}

const QWERTY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** Keys touching each letter key on a QWERTY keyboard (same row, and the rows above and below, offset by half a key). */
const NEIGHBOURS: Record<string, string> = Object.fromEntries(
  QWERTY_ROWS.flatMap((row, y) =>
    [...row].map((key, x) => {
      const near = [row[x - 1], row[x + 1], QWERTY_ROWS[y - 1]?.[x], QWERTY_ROWS[y - 1]?.[x + 1], QWERTY_ROWS[y + 1]?.[x], QWERTY_ROWS[y + 1]?.[x - 1]];
      return [key, near.filter((k): k is string => k !== undefined).join('')];
    }),
  ),
);

/** A finger on the key beside: `Smith` → `Smitg`. */
export function keyboardSlip(value: string, r: Random): string | undefined {
  const positions = letterPositions(value).filter((index) => NEIGHBOURS[value[index]!.toLowerCase()] !== undefined);
  if (positions.length === 0) return undefined;
  const index = r.helpers.arrayElement(positions);
  return replaceAt(value, index, 1, inCaseOf(value[index]!, r.helpers.arrayElement([...NEIGHBOURS[value[index]!.toLowerCase()]!])));
}

/** What text recognition reads for what was printed, both ways round where both happen. */
const OCR_CONFUSIONS: [string, string][] = [
  ['rn', 'm'], ['m', 'rn'], ['cl', 'd'], ['d', 'cl'], ['vv', 'w'], ['w', 'vv'], ['li', 'h'],
  ['0', 'o'], ['o', '0'], ['1', 'l'], ['l', '1'], ['1', 'i'], ['i', '1'], ['l', 'i'], ['i', 'l'],
  ['5', 's'], ['s', '5'], ['8', 'b'], ['b', '8'], ['2', 'z'], ['z', '2'], ['6', 'b'], ['e', 'c'], ['c', 'e'],
  ['u', 'v'], ['v', 'u'], ['n', 'h'], ['h', 'n'],
];

/**
 * A look-alike read for what was printed: `Barnes` → `Bames`, `0` → `O`, `l` → `1`. Confusions involving several
 * letters (`rn` and `m`, `cl` and `d`) are those of lower-case print, so they apply in capitals only to a value all
 * in capitals.
 */
export function ocrConfusion(value: string, r: Random): string | undefined {
  const capitals = !/\p{Ll}/u.test(value);
  const pairs = OCR_CONFUSIONS.flatMap(([from, to]): [string, string][] => {
    if (/\d/.test(from)) return [[from, capitals ? to.toUpperCase() : to]];
    const inCapitals: [string, string] = [from.toUpperCase(), to.toUpperCase()];
    return (from.length === 1 && to.length === 1) || capitals ? [[from, to], inCapitals] : [[from, to]];
  });
  const places = pairs.flatMap(([from, to]) => {
    const found: { index: number; from: string; to: string }[] = [];
    for (let index = value.indexOf(from); index >= 0; index = value.indexOf(from, index + 1)) found.push({ index, from, to });
    return found;
  });
  if (places.length === 0) return undefined;
  const { index, from, to } = r.helpers.arrayElement(places);
  return replaceAt(value, index, from.length, to);
}

/**
 * Spellings that sound the same, as a name heard on the phone is written: each pattern, matched in the lower-cased
 * value, and what replaces it (`$1` keeps a captured letter).
 */
const SOUND_ALIKES: [RegExp, string][] = [
  [/ph/g, 'f'], [/f/g, 'ph'], [/ck/g, 'k'], [/c(?=[aou])/g, 'k'], [/k/g, 'c'], [/ie\b/g, 'y'], [/y\b/g, 'ie'],
  [/ey\b/g, 'y'], [/ou/g, 'ow'], [/ow/g, 'ou'], [/ei/g, 'ie'], [/ie/g, 'ei'], [/ai/g, 'ay'], [/ay/g, 'ai'],
  [/ee/g, 'ea'], [/ea/g, 'ee'], [/th/g, 't'], [/sch/g, 'sh'], [/\bmc/g, 'mac'], [/\bmac/g, 'mc'], [/son\b/g, 'sen'],
  [/sen\b/g, 'son'], [/mann\b/g, 'man'], [/man\b/g, 'mann'], [/tz/g, 'z'], [/x/g, 'ks'], [/qu/g, 'kw'], [/\Bz/g, 's'],
  [/\Bs(?=[aeiou])/g, 'z'], [/([a-z])\1/g, '$1'], [/([aeiou])([lnmrtp])(?=[aeiou])/g, '$1$2$2'], [/y/g, 'i'], [/i(?![aeiou])/g, 'y'],
];

/** A sound-alike spelling at one place: `Stephen` → `Stefen`, `Smith` → `Smyth`, `Anderson` → `Andersen`. */
export function phoneticSpelling(value: string, r: Random): string | undefined {
  const lower = value.toLowerCase();
  const places = SOUND_ALIKES.flatMap(([pattern, replacement]) =>
    [...lower.matchAll(pattern)].map((match) => {
      const index = match.index;
      // Replaced in place rather than alone, so that lookaheads and word boundaries see the letters around it.
      const rest = lower.slice(index).replace(new RegExp(pattern.source), replacement);
      const by = rest.slice(0, rest.length - (lower.length - index - match[0].length));
      return { index, length: match[0].length, by };
    }),
  ).filter((place) => place.by !== lower.slice(place.index, place.index + place.length));
  if (places.length === 0) return undefined;
  const { index, length, by } = r.helpers.arrayElement(places);
  const cased = !/\p{Ll}/u.test(value) ? by.toUpperCase() : isUpper(value[index]!) ? by.charAt(0).toUpperCase() + by.slice(1) : by;
  return replaceAt(value, index, length, cased);
}

/** Particles that begin family and place names, longest first, where a word is most often split or joined. */
const PREFIXES = ['della', 'mac', 'van', 'von', 'del', 'san', 'ten', 'ter', 'mc', 'de', 'la'];
/** After a particle the rest must read as a word of its own (a consonant then a vowel): `De Little`, not `De Nnis`. */
const WORD_START = /^[^aeiouy][aeiouy]/i;

/**
 * One word written as two: after a particle when it begins with one (`Delittle` → `De Little`, the second part
 * capitalised as the word was), otherwise by a stray space inside it leaving at least two letters each side
 * (`Madisonstead` → `Madis onstead`).
 */
export function splitWord(value: string, r: Random): string | undefined {
  const words = [...value.matchAll(/\p{L}{5,}/gu)];
  if (words.length === 0) return undefined;
  const { 0: word, index } = r.helpers.arrayElement(words);
  const prefix = PREFIXES.find((p) => word.toLowerCase().startsWith(p) && word.length - p.length >= 3 && WORD_START.test(word.slice(p.length)));
  const at = prefix ? prefix.length : r.number.int({ min: 2, max: word.length - 2 });
  const second = prefix && isUpper(word[0]!) ? word[at]!.toUpperCase() + word.slice(at + 1) : word.slice(at);
  return replaceAt(value, index, word.length, `${word.slice(0, at)} ${second}`);
}

/** Words written as one (`De Little` → `Delittle` or `DeLittle`, `van der Berg` → `vanderBerg`, `Smith-Jones` → `Smithjones`). */
export function joinWords(value: string, r: Random): string | undefined {
  const parts = value.split(/[\s-]+/).filter(Boolean);
  if (parts.length < 2) return undefined;
  const keepCapitals = r.datatype.boolean();
  return parts.map((part, index) => (index === 0 || keepCapitals ? part : part.toLowerCase())).join('');
}

/**
 * The value cut short, as by a form's or a file's fixed field width: one to three letters gone from its end,
 * leaving at least three (`Christopher` → `Christoph`, `Maple Avenue` → `Maple Aven`).
 */
export function truncateEnd(value: string, r: Random): string | undefined {
  const trimmed = value.trimEnd();
  const letters = [...trimmed].filter((char) => LETTER.test(char)).length;
  if (letters < 4 || !LETTER.test(trimmed.at(-1) ?? '')) return undefined;
  const cut = r.number.int({ min: 1, max: Math.min(3, letters - 3) });
  return trimmed.slice(0, -cut).trimEnd();
}
