import { base, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  joinWords, keyboardSlip, ocrConfusion, phoneticSpelling, splitWord, truncateEnd, typoDelete, typoInsert, typoSubstitute, typoTranspose, type Random,
} from './text-errors.ts';

const seeded = (seed: number): Random => {
  const r = new Faker({ locale: [base] });
  r.seed(seed);
  return r;
};
/** What an error makes of the value under seeds 1 to `seeds`. */
const outcomes = (error: (value: string, r: Random) => string | undefined, value: string, seeds = 60) =>
  Array.from({ length: seeds }, (_, seed) => error(value, seeded(seed + 1)));
/** The value with the character at `index` left out. */
const dropAt = (value: string, index: number) => value.slice(0, index) + value.slice(index + 1);
const differingPlaces = (a: string, b: string) => [...a].flatMap((char, index) => (char !== b[index] ? [index] : []));

describe('text errors', () => {
  it('make the same mistake under the same seed', () => {
    for (const error of [typoInsert, typoDelete, typoSubstitute, typoTranspose, keyboardSlip, ocrConfusion, phoneticSpelling, splitWord, joinWords, truncateEnd]) {
      expect(error('Van der Berg Mountain', seeded(7))).toBe(error('Van der Berg Mountain', seeded(7)));
    }
  });

  it('insert one letter', () => {
    for (const out of outcomes(typoInsert, 'Smith')) {
      expect(out).toHaveLength(6);
      expect([...out!].some((_, index) => dropAt(out!, index) === 'Smith')).toBe(true);
    }
    expect(outcomes(typoInsert, 'SMITH').every((out) => out === out!.toUpperCase())).toBe(true);
  });

  it('delete one letter, never from a word of two', () => {
    for (const out of outcomes(typoDelete, 'Smith')) expect([...'Smith'].some((_, index) => dropAt('Smith', index) === out)).toBe(true);
    expect(typoDelete('Bo', seeded(1))).toBeUndefined();
    expect(outcomes(typoDelete, 'Jo Smith').every((out) => out!.startsWith('Jo '))).toBe(true);
  });

  it('substitute one letter by another, keeping its case', () => {
    for (const out of outcomes(typoSubstitute, 'Smith')) {
      const places = differingPlaces('Smith', out!);
      expect(places).toHaveLength(1);
      expect(out![places[0]!]).toMatch(places[0] === 0 ? /[A-Z]/ : /[a-z]/);
    }
  });

  it('transpose two neighbouring letters, each place keeping its case', () => {
    const seen = new Set(outcomes(typoTranspose, 'Smith'));
    expect([...seen].every((out) => ['Msith', 'Simth', 'Smtih', 'Smiht'].includes(out!))).toBe(true);
    expect(seen.size).toBeGreaterThan(2);
    expect(typoTranspose('Aa', seeded(1))).toBeUndefined();
  });

  it('slip to a neighbouring key on a QWERTY keyboard', () => {
    for (const out of outcomes(keyboardSlip, 'ggg')) {
      const [place] = differingPlaces('ggg', out!);
      expect('fhtyvb').toContain(out![place!]);
    }
  });

  it('confuse characters as text recognition does', () => {
    expect(outcomes(ocrConfusion, 'Barn')).toContain('Bam');
    expect(outcomes(ocrConfusion, 'Barclay')).toContain('Barday');
    expect(outcomes(ocrConfusion, 'Mark')).not.toContain('RNark');
    expect(outcomes(ocrConfusion, 'SW1A 1AA')).toContain('SWIA 1AA');
    expect(outcomes(ocrConfusion, '90210')).toContain('9O210');
    expect(ocrConfusion('QQQ', seeded(1))).toBeUndefined();
  });

  it('spell a name as it sounds', () => {
    expect(outcomes(phoneticSpelling, 'Stephen')).toContain('Stefen');
    expect(outcomes(phoneticSpelling, 'Smith')).toContain('Smyth');
    expect(outcomes(phoneticSpelling, 'Anderson')).toContain('Andersen');
    expect(outcomes(phoneticSpelling, 'Philip')).toContain('Filip');
    expect(outcomes(phoneticSpelling, 'Russell')).toContain('Rusell');
    expect(outcomes(phoneticSpelling, 'Katie')).toContain('Katy');
  });

  it('split a word after its particle, or by a stray space', () => {
    expect(splitWord('Delittle', seeded(1))).toBe('De Little');
    expect(splitWord('Macdonald', seeded(1))).toBe('Mac Donald');
    expect(splitWord('Dennis', seeded(3))).not.toBe('De Nnis');
    for (const out of outcomes(splitWord, 'Madisonstead')) expect(out!.replace(' ', '')).toBe('Madisonstead');
    expect(splitWord('Li', seeded(1))).toBeUndefined();
  });

  it('join words into one', () => {
    expect(new Set(outcomes(joinWords, 'De Little'))).toEqual(new Set(['Delittle', 'DeLittle']));
    expect(new Set(outcomes(joinWords, 'van der Berg'))).toEqual(new Set(['vanderberg', 'vanderBerg']));
    expect(outcomes(joinWords, 'Smith-Jones')).toContain('Smithjones');
    expect(joinWords('Smith', seeded(1))).toBeUndefined();
  });

  it('cut one to three letters off the end, leaving at least three', () => {
    const cuts = outcomes(truncateEnd, 'Christopher');
    expect(new Set(cuts)).toEqual(new Set(['Christophe', 'Christoph', 'Christop']));
    expect(new Set(outcomes(truncateEnd, 'Anna'))).toEqual(new Set(['Ann']));
    expect(outcomes(truncateEnd, 'Maple Av ')).toContain('Maple');
    expect(truncateEnd('Ada', seeded(1))).toBeUndefined();
    expect(truncateEnd('Flat 12', seeded(1))).toBeUndefined();
  });
});
