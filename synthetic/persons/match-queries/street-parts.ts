import type { Random } from './text-errors.ts';

/**
 * The parts of a street line the corruptions change: its house number (first in `978 Coy Creek` and
 * `12 rue de la Paix`, last in `Hauptstraße 12a` and `Vermeulendijk 542 II`), its street words (Street, Road,
 * Straße...) and digits.
 */
export type StreetNumber = { number: string; street: string; position: 'first' | 'last' };

const NUMBER_FIRST = /^(\d+[a-zA-Z]?)\s+(\S.*)$/;
const NUMBER_LAST = /^(.*\S)\s+(\d+[a-zA-Z]?(?:\s+[IVX]+)?)$/;

export function streetNumberOf(line: string): StreetNumber | undefined {
  const first = NUMBER_FIRST.exec(line.trim());
  if (first) return { number: first[1]!, street: first[2]!, position: 'first' };
  const last = NUMBER_LAST.exec(line.trim());
  if (last) return { number: last[2]!, street: last[1]!, position: 'last' };
  return undefined;
}

/** The street line of these parts, the number where it was. */
export const streetLineOf = (parts: StreetNumber) => (parts.position === 'first' ? `${parts.number} ${parts.street}` : `${parts.street} ${parts.number}`);

/**
 * Street words and their usual short forms (US, UK, Australian and Canadian usage; French and Dutch ones), used
 * both ways round: test data for the corruptions, not what the matcher knows.
 */
const STREET_WORDS: [string, string][] = [
  ['Street', 'St'], ['Road', 'Rd'], ['Avenue', 'Ave'], ['Drive', 'Dr'], ['Lane', 'Ln'], ['Boulevard', 'Blvd'],
  ['Court', 'Ct'], ['Place', 'Pl'], ['Square', 'Sq'], ['Terrace', 'Tce'], ['Crescent', 'Cres'], ['Circle', 'Cir'],
  ['Highway', 'Hwy'], ['Parkway', 'Pkwy'], ['Mount', 'Mt'], ['North', 'N'], ['South', 'S'], ['East', 'E'], ['West', 'W'],
  ['Close', 'Cl'], ['Grove', 'Gr'], ['Gardens', 'Gdns'], ['Heights', 'Hts'], ['Junction', 'Jct'], ['Mountain', 'Mtn'],
  ['Point', 'Pt'], ['Expressway', 'Expy'], ['Freeway', 'Fwy'], ['Trail', 'Trl'], ['Creek', 'Crk'], ['Center', 'Ctr'],
  ['Plaza', 'Plz'], ['Ridge', 'Rdg'], ['Valley', 'Vly'], ['Village', 'Vlg'], ['Station', 'Sta'], ['Extension', 'Ext'],
  ['Crossing', 'Xing'], ['Meadows', 'Mdws'], ['Springs', 'Spgs'], ['Island', 'Is'], ['Harbor', 'Hbr'], ['Lake', 'Lk'],
  ['Route', 'Rte'], ['Saint', 'St'], ['Fort', 'Ft'], ['Port', 'Prt'], ['Circuit', 'Cct'], ['Parade', 'Pde'],
];
/** Words that end street names in German and Dutch, shortened inside the word: `Hauptstraße` → `Hauptstr.`. */
const STREET_SUFFIXES: [RegExp, string][] = [
  [/stra(?:ß|ss)e\b/i, 'str.'], [/str\.(?=\s|$)/i, 'straße'], [/straat\b/i, 'str.'], [/\bplatz\b/i, 'Pl.'],
];

const inCaseOf = (model: string, word: string) =>
  model === model.toUpperCase() && model.length > 1 ? word.toUpperCase() : model[0] === model[0]!.toLowerCase() ? word.toLowerCase() : word;

/**
 * One street word written the other way: `Coy Street` → `Coy St` (or `St.`), `Main St` → `Main Street`,
 * `Hauptstraße` → `Hauptstr.`. Undefined when the line has no such word.
 */
export function abbreviateStreetWord(line: string, r: Random): string | undefined {
  const choices: string[] = [];
  const words = [...line.matchAll(/\p{L}+\.?/gu)];
  for (const { 0: word, index } of words) {
    const bare = word.replace(/\.$/, '');
    for (const [long, short] of STREET_WORDS) {
      const other = bare.toLowerCase() === long.toLowerCase() ? `${short}${r.datatype.boolean() ? '.' : ''}` : bare.toLowerCase() === short.toLowerCase() ? long : undefined;
      if (other) choices.push(line.slice(0, index) + inCaseOf(bare, other) + line.slice(index + word.length));
    }
  }
  for (const [pattern, by] of STREET_SUFFIXES) {
    if (pattern.test(line)) choices.push(line.replace(pattern, by));
  }
  const changed = choices.filter((choice) => choice !== line);
  return changed.length > 0 ? r.helpers.arrayElement(changed) : undefined;
}

const digitPositions = (value: string) => [...value].flatMap((char, index) => (/\d/.test(char) ? [index] : []));

/** Two neighbouring different digits swapped: `62701` → `62071`. */
export function transposeDigits(value: string, r: Random): string | undefined {
  const pairs = digitPositions(value).filter((index) => /\d/.test(value[index + 1] ?? '') && value[index] !== value[index + 1]);
  if (pairs.length === 0) return undefined;
  const index = r.helpers.arrayElement(pairs);
  return value.slice(0, index) + value[index + 1] + value[index] + value.slice(index + 2);
}

/** One digit replaced by another: `62701` → `62761`. */
export function changeDigit(value: string, r: Random): string | undefined {
  const positions = digitPositions(value);
  if (positions.length === 0) return undefined;
  const index = r.helpers.arrayElement(positions);
  const digit = r.helpers.arrayElement([...'0123456789'].filter((d) => d !== value[index]));
  return value.slice(0, index) + digit + value.slice(index + 1);
}
