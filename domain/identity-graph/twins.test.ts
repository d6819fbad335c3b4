import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../matching/model.ts';
import { bornAtOneHome } from './compare.ts';
import { recordFields, type ResolvedDocument } from './record-fields.ts';
import { countHomePairs, LEAST_SAME_DAY_PAIRS, readsTwins } from './twins.ts';

const model = { ...DEFAULT_MODEL, persons: 10_000 };
const home = { addressLine1: '12 Byron Street', city: 'London', postalCode: 'W1 2AB' };
const record = (id: string, given: string, family: string, birthday?: object, location: object = home) =>
  recordFields(id, { details: { name: { given, family }, locations: [location], ...(birthday && { age: { birthday } }) } } as ResolvedDocument, []);

describe('bornAtOneHome', () => {
  const ada = record('1', 'Ada', 'Lovelace', { year: 1815, month: 12, day: 10 });

  it('tells a household\'s members born apart from a pair born on one day', () => {
    expect(bornAtOneHome(model, ada, record('2', 'Byron', 'Lovelace', { year: 1788, month: 1, day: 22 }))).toBe('apart');
    expect(bornAtOneHome(model, ada, record('3', 'Byron', 'Lovelace', { year: 1815, month: 12, day: 10 }))).toBe('same-day');
  });

  it('counts no other pair: given names alike, another street, another family name, a birthday missing or a slip apart', () => {
    const born = { year: 1815, month: 12, day: 10 };
    expect(bornAtOneHome(model, ada, record('4', 'Adah', 'Lovelace', born))).toBeUndefined();
    expect(bornAtOneHome(model, ada, record('5', 'Byron', 'Lovelace', born, { addressLine1: '3 Elm Road', city: 'London', postalCode: 'W1 2AB' }))).toBeUndefined();
    expect(bornAtOneHome(model, ada, record('6', 'Byron', 'Stephenson', born))).toBeUndefined();
    expect(bornAtOneHome(model, ada, record('7', 'Byron', 'Lovelace'))).toBeUndefined();
    expect(bornAtOneHome(model, ada, record('8', 'Byron', 'Lovelace', { year: 1815, month: 12, day: 11 }))).toBeUndefined();
  });
});

describe('readsTwins', () => {
  it('reads twins unless more pairs at one home were born on one day than apart, and enough of them', () => {
    expect(readsTwins({})).toBe(true);
    expect(readsTwins({ homePairs: countHomePairs(['apart', 'same-day', undefined, 'apart']) })).toBe(true);
    expect(readsTwins({ homePairs: { apart: 0, sameDay: LEAST_SAME_DAY_PAIRS - 1 } })).toBe(true);
    expect(readsTwins({ homePairs: { apart: LEAST_SAME_DAY_PAIRS, sameDay: LEAST_SAME_DAY_PAIRS } })).toBe(true);
    expect(readsTwins({ homePairs: { apart: LEAST_SAME_DAY_PAIRS, sameDay: LEAST_SAME_DAY_PAIRS + 1 } })).toBe(false);
  });

  it('counts the pairs by how they were born', () => {
    expect(countHomePairs(['apart', 'same-day', undefined, 'apart'])).toEqual({ apart: 2, sameDay: 1 });
  });
});
