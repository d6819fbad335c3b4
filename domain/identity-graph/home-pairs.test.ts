import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../matching/model.ts';
import { bornAtOneHome } from './compare.ts';
import { recordFields, type ResolvedDocument } from './record-fields.ts';
import { countHomePairs, LEAST_PAIRS, PAIRS_A_HOUSEHOLD_PAIR, readsBirthdaysApart, readsHouseholds, readsTwins } from './home-pairs.ts';

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

  it('tells one name born apart, as a namesake or a wrong birth date, from one person\'s slips', () => {
    const decadesOn = { year: 1850, month: 3, day: 4 };
    expect(bornAtOneHome(model, ada, record('9', 'Ada', 'Lovelace', decadesOn))).toBe('one-name-apart');
    expect(bornAtOneHome(model, ada, record('10', 'Adah', 'Lovelace', decadesOn))).toBe('one-name-apart');
    expect(bornAtOneHome(model, ada, record('11', 'Ada', 'Lovelace', { year: 1815, month: 10, day: 12 }))).toBeUndefined();
    expect(bornAtOneHome(model, ada, record('12', 'Ada', 'Lovelace', decadesOn, { addressLine1: '3 Elm Road', city: 'London', postalCode: 'W1 2AB' }))).toBeUndefined();
    // Read as written whatever the model reads of birthdays, so that a model reading them as wrong counts them still.
    const wrongDates = { ...model, homePairs: { pairs: 400, apart: 0, sameDay: 0, oneNameApart: 400 } };
    expect(bornAtOneHome(wrongDates, ada, record('13', 'Ada', 'Lovelace', decadesOn))).toBe('one-name-apart');
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
    expect(readsTwins({ homePairs: { apart: 0, sameDay: LEAST_PAIRS - 1 } })).toBe(true);
    expect(readsTwins({ homePairs: { apart: LEAST_PAIRS, sameDay: LEAST_PAIRS } })).toBe(true);
    expect(readsTwins({ homePairs: { apart: LEAST_PAIRS, sameDay: LEAST_PAIRS + 1 } })).toBe(false);
  });

  it('counts the pairs by how they were born, of all the pairs at one home', () => {
    expect(countHomePairs(['apart', 'same-day', undefined, 'apart', 'one-name-apart'])).toEqual({ pairs: 5, apart: 2, sameDay: 1, oneNameApart: 1 });
  });
});

describe('readsBirthdaysApart', () => {
  it('reads birthdays apart as two people unless one name born apart outnumbers households born apart, and enough of them', () => {
    expect(readsBirthdaysApart({})).toBe(true);
    expect(readsBirthdaysApart({ homePairs: { apart: 0, sameDay: 0 } })).toBe(true);
    expect(readsBirthdaysApart({ homePairs: { apart: 0, sameDay: 0, oneNameApart: LEAST_PAIRS - 1 } })).toBe(true);
    expect(readsBirthdaysApart({ homePairs: { apart: LEAST_PAIRS, sameDay: 0, oneNameApart: LEAST_PAIRS } })).toBe(true);
    expect(readsBirthdaysApart({ homePairs: { apart: LEAST_PAIRS, sameDay: 0, oneNameApart: LEAST_PAIRS + 1 } })).toBe(false);
  });
});

describe('readsHouseholds', () => {
  it('reads households unless fewer than one pair in 50 at one home is a household\'s born apart, of enough pairs', () => {
    const enough = LEAST_PAIRS * PAIRS_A_HOUSEHOLD_PAIR;
    expect(readsHouseholds({})).toBe(true);
    expect(readsHouseholds({ homePairs: { apart: 0, sameDay: 0 } })).toBe(true);
    expect(readsHouseholds({ homePairs: { pairs: enough - 1, apart: 0, sameDay: 0 } })).toBe(true);
    expect(readsHouseholds({ homePairs: { pairs: enough, apart: LEAST_PAIRS, sameDay: 0 } })).toBe(true);
    expect(readsHouseholds({ homePairs: { pairs: enough, apart: LEAST_PAIRS - 1, sameDay: 0 } })).toBe(false);
  });
});
