import { base, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { initialOf, nicknameOf } from './name-variants.ts';
import { abbreviateStreetWord, changeDigit, streetLineOf, streetNumberOf, transposeDigits } from './street-parts.ts';
import type { Random } from './text-errors.ts';

const seeded = (seed: number): Random => {
  const r = new Faker({ locale: [base] });
  r.seed(seed);
  return r;
};
const outcomes = <T>(make: (r: Random) => T, seeds = 40) => new Set(Array.from({ length: seeds }, (_, seed) => make(seeded(seed + 1))));

describe('street parts', () => {
  it('find the house number first or last on the line', () => {
    expect(streetNumberOf('978 Coy Creek')).toEqual({ number: '978', street: 'Coy Creek', position: 'first' });
    expect(streetNumberOf('Hauptstraße 12a')).toEqual({ number: '12a', street: 'Hauptstraße', position: 'last' });
    expect(streetNumberOf('Vermeulendijk 542 II')).toEqual({ number: '542 II', street: 'Vermeulendijk', position: 'last' });
    expect(streetNumberOf('Hintz Crescent')).toBeUndefined();
    expect(streetLineOf({ number: '14', street: 'Hauptstraße', position: 'last' })).toBe('Hauptstraße 14');
  });

  it('write a street word the other way', () => {
    expect(outcomes((r) => abbreviateStreetWord('12 Coy Street', r))).toEqual(new Set(['12 Coy St', '12 Coy St.']));
    expect(outcomes((r) => abbreviateStreetWord('5 Main Rd', r))).toEqual(new Set(['5 Main Road']));
    expect(outcomes((r) => abbreviateStreetWord('5 MAIN ROAD', r))).toEqual(new Set(['5 MAIN RD', '5 MAIN RD.']));
    expect(outcomes((r) => abbreviateStreetWord('Hauptstraße 5', r))).toEqual(new Set(['Hauptstr. 5']));
    expect(outcomes((r) => abbreviateStreetWord('Miselohestr. 60', r))).toEqual(new Set(['Miselohestraße 60']));
    expect(outcomes((r) => abbreviateStreetWord('Brouwerstraat 21', r))).toEqual(new Set(['Brouwerstr. 21']));
    expect(abbreviateStreetWord('Jetweg 223c', seeded(1))).toBeUndefined();
  });

  it('transpose two different neighbouring digits, or change one', () => {
    expect(outcomes((r) => transposeDigits('62701', r))).toEqual(new Set(['26701', '67201', '62071', '62710']));
    expect(transposeDigits('1111', seeded(1))).toBeUndefined();
    expect(transposeDigits('K1A 0B1', seeded(1))).toBeUndefined();
    for (const changed of outcomes((r) => changeDigit('K1A 0B1', r))) {
      expect(changed).toMatch(/^K\dA \dB\d$/);
      expect([...changed!].filter((char, index) => char !== 'K1A 0B1'[index])).toHaveLength(1);
    }
  });
});

describe('given name variants', () => {
  it('give a short form, or a formal one for a short form', () => {
    expect(outcomes((r) => nicknameOf('William', r))).toEqual(new Set(['Bill', 'Will', 'Billy']));
    expect(outcomes((r) => nicknameOf('Sam', r))).toEqual(new Set(['Samuel', 'Samantha']));
    expect(nicknameOf('Tremaine', seeded(1))).toBeUndefined();
  });

  it('cut the name to its initial', () => {
    expect(outcomes((r) => initialOf('william', r))).toEqual(new Set(['W', 'W.']));
    expect(initialOf('J', seeded(1))).toBeUndefined();
  });
});
