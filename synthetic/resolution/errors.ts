import type { Birth } from './population.ts';
import type { Random } from './random.ts';

/**
 * The errors a source makes in a value, after the corruptors of the record-linkage literature (Christen's Febrl
 * `dsgen` and GeCo; pseudopeople's noise types): each takes a value and returns it changed, or null when it
 * cannot apply (no OCR-prone letters, no nickname for the name, a day that is also a valid month). Where a
 * character goes wrong, the first is spared four times in five: people and scanners misread the middle and end of
 * a word more than its start (Pollock and Zamora's finding, GeCo's position function).
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

/** Keys beside each key on a QWERTY keyboard (rows above and below included). */
const KEYBOARD: Record<string, string> = {
  q: 'wa', w: 'qeas', e: 'wrsd', r: 'etdf', t: 'ryfg', y: 'tugh', u: 'yihj', i: 'uojk', o: 'ipkl', p: 'ol',
  a: 'qwsz', s: 'awedxz', d: 'serfcx', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', j: 'huikmn', k: 'jiolm', l: 'kop',
  z: 'asx', x: 'zsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
  '1': '2', '2': '13', '3': '24', '4': '35', '5': '46', '6': '57', '7': '68', '8': '79', '9': '80', '0': '9',
};

/** Strings a scanner reads as one another, either way round (GeCo's OCR table has the same kind of pairs). */
const OCR_PAIRS: readonly (readonly [string, string])[] = [
  ['rn', 'm'], ['cl', 'd'], ['vv', 'w'], ['li', 'h'], ['ri', 'n'], ['nn', 'm'], ['l', '1'], ['i', 'l'], ['o', '0'],
  ['s', '5'], ['b', '6'], ['g', '9'], ['e', 'c'], ['a', 'o'], ['u', 'v'], ['h', 'b'], ['t', 'f'],
  ['RN', 'M'], ['CL', 'D'], ['VV', 'W'], ['O', '0'], ['I', '1'], ['L', '1'], ['S', '5'], ['B', '8'], ['Z', '2'],
  ['G', '6'], ['D', 'O'], ['E', 'F'], ['P', 'R'], ['C', 'G'], ['U', 'V'], ['Q', 'O'], ['H', 'N'],
];
/** Digits a scanner reads as one another, for fields that must stay digits (a date, a phone number). */
const OCR_DIGITS: readonly (readonly [string, string])[] = [['1', '7'], ['3', '8'], ['5', '6'], ['0', '8'], ['6', '8'], ['4', '9'], ['0', '6'], ['1', '4']];

/** Sound-alike spellings (lower case): what a name heard, not read, is written as. */
const PHONETIC: readonly { from: RegExp; to: string }[] = [
  { from: /ph/g, to: 'f' }, { from: /f(?!$)/g, to: 'ph' }, { from: /ck/g, to: 'k' }, { from: /c(?=[aou])/g, to: 'k' },
  { from: /k(?=[aou])/g, to: 'c' }, { from: /ee/g, to: 'ea' }, { from: /ea/g, to: 'ee' }, { from: /ie$/g, to: 'y' },
  { from: /y$/g, to: 'ie' }, { from: /ey$/g, to: 'y' }, { from: /ou/g, to: 'ow' }, { from: /ow/g, to: 'ou' },
  { from: /th/g, to: 't' }, { from: /mps/g, to: 'ms' }, { from: /ai/g, to: 'ay' }, { from: /ay/g, to: 'ai' },
  { from: /ei/g, to: 'ie' }, { from: /ie(?!$)/g, to: 'ei' }, { from: /sch/g, to: 'sh' }, { from: /tch/g, to: 'ch' },
  { from: /^wr/g, to: 'r' }, { from: /^kn/g, to: 'n' }, { from: /z/g, to: 's' }, { from: /(?<=[aeiou])s(?=[aeiou])/g, to: 'z' },
  { from: /x/g, to: 'ks' }, { from: /qu/g, to: 'kw' }, { from: /oa/g, to: 'o' }, { from: /ll/g, to: 'l' },
  { from: /(?<=[aeiou])l$/g, to: 'll' }, { from: /nn/g, to: 'n' }, { from: /tt/g, to: 't' }, { from: /rr/g, to: 'r' },
  { from: /ss/g, to: 's' }, { from: /(?<=[^aeiou])e$/g, to: '' }, { from: /(?<=[aeiou][kn])$/g, to: 'e' },
  { from: /son$/g, to: 'sen' }, { from: /man$/g, to: 'mann' }, { from: /(?<=[^aeiou])i(?=[^aeiou])/g, to: 'y' },
  { from: /(?<=[^aeiou])y(?=[^aeiou])/g, to: 'i' }, { from: /our/g, to: 'or' }, { from: /ae/g, to: 'ay' },
];

/** A position to change in a value of `length` characters: never the first, four times in five. */
const positionIn = (random: Random, length: number) => (length > 1 && random.chance(0.8) ? random.int(1, length - 1) : random.int(0, length - 1));

const sameCase = (model: string, value: string) => (model === model.toUpperCase() && model !== model.toLowerCase() ? value.toUpperCase() : value);

/** A keyboard slip: a neighbouring key instead (half the time), as well (an insertion), a key left out, or two swapped. */
export function typo(random: Random, value: string): string | null {
  // Two letters alike swapped change nothing: try again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const out = slip(random, value);
    if (out !== value) return out;
  }
  return null;
}

function slip(random: Random, value: string): string {
  const positions = [...value].map((char, at) => ({ char, at })).filter(({ char }) => KEYBOARD[char.toLowerCase()] !== undefined);
  if (positions.length === 0) return value;
  const { char, at } = positions[Math.min(positions.length - 1, positionIn(random, positions.length))]!;
  const neighbour = sameCase(char, random.pick([...KEYBOARD[char.toLowerCase()]!]));
  const kind = random.weighted([{ value: 'substitute', weight: 5 }, { value: 'insert', weight: 2 }, { value: 'delete', weight: 2 }, { value: 'transpose', weight: 2 }]);
  let out: string;
  if (kind === 'substitute') out = value.slice(0, at) + neighbour + value.slice(at + 1);
  else if (kind === 'insert') out = value.slice(0, at + 1) + neighbour + value.slice(at + 1);
  else if (kind === 'delete' && value.length > 2) out = value.slice(0, at) + value.slice(at + 1);
  else out = at + 1 < value.length ? value.slice(0, at) + value[at + 1] + value[at] + value.slice(at + 2) : value.slice(0, at) + neighbour;
  return out;
}

/** Every place a pair of `pairs` can be read the other way, and what it becomes. */
function readings(value: string, pairs: readonly (readonly [string, string])[]) {
  const found: { at: number; length: number; as: string }[] = [];
  for (const [a, b] of pairs) {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      for (let at = value.indexOf(from); at !== -1; at = value.indexOf(from, at + 1)) found.push({ at, length: from.length, as: to });
    }
  }
  return found;
}

/** A scanner's misreading of one letter or pair of letters (`rn` as `m`, `O` as `0`); digits stay digits when `digits`. */
export function ocr(random: Random, value: string, options: { digits?: boolean } = {}): string | null {
  const found = readings(value, options.digits ? OCR_DIGITS : OCR_PAIRS);
  if (found.length === 0) return null;
  const later = found.filter(({ at }) => at > 0);
  const { at, length, as } = random.pick(later.length > 0 && random.chance(0.8) ? later : found);
  return value.slice(0, at) + as + value.slice(at + length);
}

/** One sound-alike respelling (`Philips` as `Filips`, `Clarke` as `Clark`), in the value's case. */
export function phonetic(random: Random, value: string): string | null {
  const lower = value.toLowerCase();
  const words = [...lower.matchAll(/[a-z]+/g)];
  const found = words.flatMap((word) =>
    PHONETIC.flatMap(({ from, to }) => [...word[0].matchAll(from)].map((match) => ({ at: word.index + match.index, length: match[0].length, to }))),
  );
  if (found.length === 0) return null;
  const { at, length, to } = random.pick(found);
  let out = value.slice(0, at) + to + value.slice(at + length);
  if (value === value.toUpperCase()) out = out.toUpperCase();
  else if (at === 0 && /^[A-Z]/.test(value)) out = out[0]!.toUpperCase() + out.slice(1);
  return out === value ? null : out;
}

/** A value cut short: a given name to its initial half the time, else one to three letters off (keeping three). */
export function truncated(random: Random, value: string, options: { initial: boolean }): string | null {
  if (options.initial && random.chance(0.5)) return value.length > 1 ? value[0]! : null;
  if (value.length < 5) return null;
  return value.slice(0, Math.max(3, value.length - random.int(1, 3)));
}

/**
 * Words joined (`Van der Berg` as `VanderBerg`, `O'Brien` as `OBrien` or `O Brien`), a prefix split off
 * (`McDonald` as `Mc Donald`), or another word split in two (`Will iams`).
 */
export function splitJoined(random: Random, value: string): string | null {
  if (/['-]/.test(value)) return value.replace(/['-]/g, random.chance(0.5) ? '' : ' ');
  if (/\s/.test(value)) return value.replace(/\s+/g, '');
  const prefix = /^(Mac|Mc|De|Le|Van|St)(?=[A-Z])/.exec(value);
  if (prefix) return `${prefix[0]} ${value.slice(prefix[0].length)}`;
  if (value.length < 6) return null;
  const at = random.int(2, value.length - 3);
  return `${value.slice(0, at)} ${value.slice(at)}`;
}

/** One digit of a number changed to a neighbouring key's, or two swapped. */
export function digit(random: Random, value: string): string | null {
  const digits = [...value].map((char, at) => ({ char, at })).filter(({ char }) => /\d/.test(char));
  if (digits.length === 0) return null;
  const { char, at } = random.pick(digits);
  const next = digits.find((other) => other.at > at);
  if (next && next.char !== char && random.chance(0.3)) return value.slice(0, at) + next.char + value.slice(at + 1, next.at) + char + value.slice(next.at + 1);
  return value.slice(0, at) + random.pick([...KEYBOARD[char]!]) + value.slice(at + 1);
}

const isDate = ({ year, month, day }: Birth) => month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Day and month the other way round (a form read the American way); only where the day can be a month. */
export const dayMonthSwapped = (date: Birth): Birth | null =>
  date.day <= 12 && date.day !== date.month ? { year: date.year, month: date.day, day: date.month } : null;

/** The year one off (nine times in ten) or ten off (a decade misheard or misread). */
export function yearOff(random: Random, date: Birth): Birth | null {
  const shift = (random.chance(0.9) ? 1 : 10) * (random.chance(0.5) ? 1 : -1);
  const moved = { ...date, year: date.year + shift };
  return isDate(moved) ? moved : { ...moved, day: 28 };
}

/** One digit of the date as keyed wrong (or misread, with `ocr`), the date still a date. */
export function dateDigit(random: Random, date: Birth, options: { ocr?: boolean } = {}): Birth | null {
  const text = `${date.year}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const changed = options.ocr ? ocr(random, text, { digits: true }) : digit(random, text);
    if (changed === null) return null;
    const next = { year: Number(changed.slice(0, 4)), month: Number(changed.slice(4, 6)), day: Number(changed.slice(6, 8)) };
    if (isDate(next) && changed !== text && next.year >= 1900 && next.year <= 2025) return next;
  }
  return null;
}
