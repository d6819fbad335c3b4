import { describe, expect, it } from 'vitest';
import { atEvenOdds, familyChangedAtHome, homeAgrees, householdMemberAtHome } from './names-at-home.ts';
import type { FieldWeight } from './comparisons.ts';

const name = (given: FieldWeight['level'], family: FieldWeight['level']): FieldWeight[] => [
  { field: 'given', level: given, weight: given === 'different' ? -7.5 : 6.4 },
  { field: 'family', level: family, weight: family === 'different' ? -6.6 : 8.7 },
];

describe('homeAgrees', () => {
  const place = (number: FieldWeight['level'], street: FieldWeight['level'], city: FieldWeight['level'], postcode: FieldWeight['level']): FieldWeight[] =>
    (['number', 'street', 'city', 'postcode'] as const).map((field, at) => ({ field, level: [number, street, city, postcode][at]!, weight: 0 }));

  it('says one home where the street and the number agree, and not where the number differs or one side lacks it', () => {
    expect(homeAgrees(place('exact', 'exact', 'different', 'different'))).toBe(true);
    expect(homeAgrees(place('close', 'close', 'missing', 'missing'))).toBe(true);
    expect(homeAgrees(place('different', 'exact', 'exact', 'exact'))).toBe(false);
    expect(homeAgrees(place('missing', 'exact', 'exact', 'exact'))).toBe(false);
  });

  it('where neither address gives a number, says one home where the street and the town or postal code agree', () => {
    expect(homeAgrees(place('missing', 'exact', 'exact', 'different'), true)).toBe(true);
    expect(homeAgrees(place('missing', 'exact', 'missing', 'close'), true)).toBe(true);
    expect(homeAgrees(place('missing', 'exact', 'different', 'different'), true)).toBe(false);
    expect(homeAgrees(place('missing', 'different', 'exact', 'exact'), true)).toBe(false);
  });
});

describe('familyChangedAtHome', () => {
  it('weighs a family name wholly other as nothing when the given name and the home agree', () => {
    for (const given of ['exact', 'close', 'nickname'] as const) {
      expect(familyChangedAtHome(name(given, 'different'), true)[1]).toEqual({ field: 'family', level: 'changed', weight: 0 });
    }
  });

  it('leaves it against the person elsewhere, under another given name, and a given name other under one family', () => {
    expect(familyChangedAtHome(name('exact', 'different'), false)).toEqual(name('exact', 'different'));
    expect(familyChangedAtHome(name('similar', 'different'), true)).toEqual(name('similar', 'different'));
    expect(familyChangedAtHome(name('different', 'exact'), true)).toEqual(name('different', 'exact'));
    expect(familyChangedAtHome(name('exact', 'close'), true)).toEqual(name('exact', 'close'));
  });
});

describe('householdMemberAtHome and atEvenOdds', () => {
  it('tells a household member\'s name at the home: the family name agrees, the given name is wholly other', () => {
    expect(householdMemberAtHome(name('different', 'exact'), true)).toBe(true);
    expect(householdMemberAtHome(name('different', 'close'), true)).toBe(true);
    expect(householdMemberAtHome(name('different', 'exact'), false)).toBe(false);
    expect(householdMemberAtHome(name('similar', 'exact'), true)).toBe(false);
    expect(householdMemberAtHome(name('different', 'different'), true)).toBe(false);
  });

  it('weighs the given name so that the name and the other bits come to even odds', () => {
    const fields = atEvenOdds(name('different', 'exact'), 10, 20);
    expect(fields[0]).toMatchObject({ field: 'given', level: 'different' });
    expect(fields.reduce((sum, field) => sum + field.weight, 10)).toBeCloseTo(20);
    expect(fields[1]).toEqual(name('different', 'exact')[1]);
  });
});
