import { describe, expect, it } from 'vitest';
import { confirmedComparisons, countLevels, LEAST_CONFIRMED, mFromConfirmed } from './confirmed-lookups.ts';
import { nameFields, placeFields } from './fields.ts';
import type { LevelCounts } from './learn-m.ts';
import { DEFAULT_MODEL, nameAddressScore } from './model.ts';
import { scorePerson } from './person-score.ts';

const home = { addressLine1: '12 North Main Street', city: 'Portland', region: 'Oregon', postalCode: '97209' };
const stored = { names: [nameFields({ given: 'Ada', family: 'Lovelace' })!], places: [placeFields(home)], birthdays: [{ year: 1815, month: 12, day: 10 }] };
/** Ada's score for a query by these identifiers with her name written `given`, at her home, born in `year`. */
const scored = (identifiers: Parameters<typeof scorePerson>[1]['identifiers'], given: string | undefined, year = 1815) =>
  scorePerson(DEFAULT_MODEL, {
    identifiers,
    nameAddress:
      given === undefined
        ? undefined
        : nameAddressScore(DEFAULT_MODEL, { names: [nameFields({ given, family: 'Lovelace' })!], place: placeFields(home), birthday: { year, month: 12, day: 10 } }, stored),
  });
const email = { category: 'email' as const, holds: true, holders: 1 };

describe('confirmedComparisons', () => {
  it('gives the name, address and birthday levels of a lookup whose email the person holds', () => {
    const comparisons = confirmedComparisons(scored([email], 'Ada', 1790));
    expect(comparisons).toContainEqual({ field: 'given', level: 'exact' });
    expect(comparisons).toContainEqual({ field: 'postcode', level: 'exact' });
    expect(comparisons).toContainEqual({ field: 'birthday', level: 'different' });
    expect(comparisons!.some((comparison) => comparison.level === 'missing')).toBe(false);
  });

  it('leaves out an identifier the person does not hold: a phone more than Kith knows does not undo the email', () => {
    expect(confirmedComparisons(scored([email, { category: 'phone', holds: false, holders: 1 }], 'Ada'))).toBeDefined();
  });

  it('gives nothing when the identifiers alone are not sure enough, or no name with an address came', () => {
    expect(confirmedComparisons(scored([{ category: 'phone', holds: true, holders: 1 }], 'Ada'))).toBeUndefined();
    expect(confirmedComparisons(scored([{ ...email, holders: 2 }], 'Ada'))).toBeUndefined();
    expect(confirmedComparisons(scored([], 'Ada'))).toBeUndefined();
    expect(confirmedComparisons(scored([email], undefined))).toBeUndefined();
  });
});

describe('mFromConfirmed', () => {
  const birthdays = (different: number, exact: number): LevelCounts => {
    const counts: LevelCounts = new Map();
    countLevels(counts, [{ field: 'birthday', level: 'different' }], different);
    return countLevels(counts, [{ field: 'birthday', level: 'exact' }, { field: 'given', level: 'exact' }], exact);
  };

  it('learns nothing from fewer confirmed lookups than it takes', () => {
    expect(mFromConfirmed(DEFAULT_MODEL, birthdays(10, LEAST_CONFIRMED - 11))).toBeUndefined();
  });

  it('learns each counted field\'s m from its levels, near the model\'s where few were seen', () => {
    const learned = mFromConfirmed(DEFAULT_MODEL, birthdays(40, 60))!;
    expect(learned.matches).toBe(100);
    // 40 of 100 lookups, and 20 pseudo-lookups at the model's 0.03.
    expect(learned.m.birthday!.different).toBeCloseTo((40 + 20 * 0.03) / 120, 2);
    expect(learned.m.given!.exact).toBeGreaterThan(0.95);
    const sum = Object.values(learned.m.birthday!).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(learned.m.family).toBeUndefined();
  });

  it('leaves out levels the model does not weigh', () => {
    const counts = countLevels(birthdays(0, 40), [{ field: 'given', level: 'changed' }], 1000);
    expect(mFromConfirmed(DEFAULT_MODEL, counts)).toEqual(mFromConfirmed(DEFAULT_MODEL, birthdays(0, 40)));
  });
});
