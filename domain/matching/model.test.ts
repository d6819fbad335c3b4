import { describe, expect, it } from 'vitest';
import { nameFields, nameReadings, placeFields, personFields } from './fields.ts';
import { DEFAULT_MODEL, levelWeight, matchProbabilities, nameAddressScore, priorWeight } from './model.ts';

const home = { addressLine1: '12 North Main Street', city: 'Portland', region: 'Oregon', regionCode: 'OR', postalCode: '97209' };
const ada = personFields({ details: { name: { given: 'Ada', family: 'Lovelace' }, locations: [home] } });
const query = (name: Parameters<typeof nameFields>[0], place: Parameters<typeof placeFields>[0] = home) => ({
  names: nameReadings(name),
  place: placeFields(place),
});
/** The candidate's match weight on its name and address alone: the prior and their weight. */
const weightOf = (q: ReturnType<typeof query>, candidate = ada) => priorWeight(DEFAULT_MODEL) + nameAddressScore(DEFAULT_MODEL, q, candidate)!.weight;

describe('levelWeight', () => {
  it('is log2(m/u): positive for agreement, negative for disagreement, nothing for a missing value', () => {
    expect(levelWeight(DEFAULT_MODEL, { field: 'postcode', level: 'exact' })).toBeCloseTo(Math.log2(0.85 / 0.002));
    expect(levelWeight(DEFAULT_MODEL, { field: 'postcode', level: 'different' })).toBeLessThan(0);
    expect(levelWeight(DEFAULT_MODEL, { field: 'postcode', level: 'missing' })).toBe(0);
  });

  it('ranks the levels of every field from exact down to different', () => {
    for (const [field, levels] of Object.entries(DEFAULT_MODEL.levels)) {
      const weights = Object.keys(levels).map((level) => levelWeight(DEFAULT_MODEL, { field, level } as never));
      expect(weights[0], field).toBe(Math.max(...weights));
      expect(weights.at(-1), field).toBe(Math.min(...weights));
    }
  });

  it('weighs a level that a model stored before it was compared lacks by the defaults', () => {
    const { home: _home, ...levels } = DEFAULT_MODEL.levels.address;
    const stored = { ...DEFAULT_MODEL, levels: { ...DEFAULT_MODEL.levels, address: levels } };
    expect(levelWeight(stored, { field: 'address', level: 'home' })).toBeCloseTo(Math.log2(0.04 / 0.00002));
  });
});

describe('nameAddressScore', () => {
  it('takes a family name changed at the same home (a marriage) as no evidence against, not a given name changed', () => {
    const married = nameAddressScore(DEFAULT_MODEL, query({ given: 'Ada', family: 'Byron' }), ada)!;
    expect(married.fields.find((field) => field.field === 'family')).toEqual({ field: 'family', level: 'changed', weight: 0 });
    expect(priorWeight(DEFAULT_MODEL) + married.weight).toBeGreaterThan(Math.log2(0.85 / 0.15));
    const moved = nameAddressScore(DEFAULT_MODEL, query({ given: 'Ada', family: 'Byron' }, { ...home, addressLine1: '7 Other Road' }), ada)!;
    expect(moved.fields.find((field) => field.field === 'family')!.level).toBe('different');
    const housemate = nameAddressScore(DEFAULT_MODEL, query({ given: 'Charles', family: 'Lovelace' }), ada)!;
    expect(priorWeight(DEFAULT_MODEL) + housemate.weight).toBeLessThan(Math.log2(0.7 / 0.3));
  });

  it('takes a family name changed at a home without a number as a marriage when neither address gives one, not when one does', () => {
    const unnumbered = { ...home, addressLine1: 'Tazewell Circuit' };
    const adaUnnumbered = personFields({ details: { name: { given: 'Ada', family: 'Lovelace' }, locations: [unnumbered] } });
    const married = nameAddressScore(DEFAULT_MODEL, query({ given: 'Ada', family: 'Byron' }, unnumbered), adaUnnumbered)!;
    expect(married.fields.find((field) => field.field === 'family')!.level).toBe('changed');
    const numberedAsked = nameAddressScore(DEFAULT_MODEL, query({ given: 'Ada', family: 'Byron' }, { ...unnumbered, addressLine1: '14 Tazewell Circuit' }), adaUnnumbered)!;
    expect(numberedAsked.fields.find((field) => field.field === 'family')!.level).toBe('different');
  });

  it('weighs a birthday beyond the household cap: a twin or a parent at the address is told apart, a slip is not', () => {
    const born = { year: 1971, month: 6, day: 24 };
    const asked = { ...query({ given: 'Ada', family: 'Lovelace' }), birthday: born };
    const withBirthday = (birthday: { year?: number; month?: number; day?: number }) => ({ ...ada, birthdays: [birthday] });
    const bare = nameAddressScore(DEFAULT_MODEL, asked, ada)!;
    const same = nameAddressScore(DEFAULT_MODEL, asked, withBirthday(born))!;
    expect(same.fields.at(-1)).toMatchObject({ field: 'birthday', level: 'exact' });
    expect(same.weight - bare.weight).toBeCloseTo(levelWeight(DEFAULT_MODEL, { field: 'birthday', level: 'exact' }));
    expect(same.capped).toBe(bare.capped);
    const swapped = nameAddressScore(DEFAULT_MODEL, asked, withBirthday({ year: 1971, month: 24, day: 6 }))!;
    expect(swapped.fields.at(-1)).toMatchObject({ level: 'close' });
    expect(swapped.weight).toBeGreaterThan(bare.weight);
    const twin = nameAddressScore(DEFAULT_MODEL, asked, withBirthday({ year: 1998, month: 2, day: 3 }))!;
    expect(twin.weight).toBeLessThan(bare.weight - 4);
    const yearOnly = nameAddressScore(DEFAULT_MODEL, { ...asked, birthday: { year: 1971 } }, withBirthday(born))!;
    expect(yearOnly.fields.at(-1)).toMatchObject({ level: 'similar' });
    expect(nameAddressScore(DEFAULT_MODEL, { ...asked, birthday: { month: 3 } }, withBirthday({ year: 1971 }))!.fields).toEqual(bare.fields);
  });

  it('is sure of the person written exactly, and still of one with typos, swapped names or a missing number', () => {
    expect(weightOf(query({ given: 'Ada', family: 'Lovelace' }))).toBeGreaterThan(10);
    expect(weightOf(query({ given: 'Adda', family: 'Lovelcae' }, { ...home, postalCode: '97290' }))).toBeGreaterThan(5);
    expect(weightOf(query({ given: 'Lovelace', family: 'Ada' }))).toBeGreaterThan(5);
    expect(weightOf(query({ full: 'Ada Lovelace' }, { ...home, addressLine1: 'North Main St' }))).toBeGreaterThan(5);
  });

  it('says which fields agreed, and whether the names were swapped', () => {
    const score = nameAddressScore(DEFAULT_MODEL, query({ given: 'Lovelace', family: 'Ada' }), ada)!;
    expect(score.swap).toBeCloseTo(Math.log2(DEFAULT_MODEL.swapped));
    expect(score.fields.map((field) => `${field.field}:${field.level}`)).toEqual([
      'given:exact', 'family:exact', 'number:exact', 'street:exact', 'city:exact', 'postcode:exact', 'region:exact',
    ]);
    // Every address field agreeing is more than one household's worth: the excess is cut, and said.
    const fields = score.fields.reduce((sum, field) => sum + field.weight, 0);
    expect(score.capped).toBeGreaterThan(0);
    expect(score.weight).toBeCloseTo(fields + score.swap - score.capped);
  });

  it('does not take a household member for the person: at the home, another given name is even odds, never more', () => {
    const sister = weightOf(query({ given: 'Grace', family: 'Lovelace' }));
    expect(sister).toBeCloseTo(0);
    expect(weightOf(query({ given: 'Ada', family: 'Lovelace' }))).toBeGreaterThan(sister + 10);
    // However rare the family name: the household shares it.
    const rare = { ...DEFAULT_MODEL, frequencies: { family: { lovelace: 1 } } } as typeof DEFAULT_MODEL;
    expect(priorWeight(rare) + nameAddressScore(rare, query({ given: 'Grace', family: 'Lovelace' }), ada)!.weight).toBeCloseTo(0);
    // Elsewhere in the street it is no household of the person's.
    expect(weightOf(query({ given: 'Grace', family: 'Lovelace' }, { ...home, addressLine1: '90 North Main Street' }))).toBeLessThan(0);
  });

  it('does not take a namesake elsewhere for the person', () => {
    expect(weightOf(query({ given: 'Ada', family: 'Lovelace' }, { addressLine1: '480 Elm Ave', city: 'Boston', region: 'MA', postalCode: '02110' }))).toBeLessThan(-10);
  });

  it('has nothing to say of a candidate without a name or an address', () => {
    expect(nameAddressScore(DEFAULT_MODEL, query({ full: 'Ada Lovelace' }), personFields({ fullName: 'Ada Lovelace' }))).toBeUndefined();
  });
});

describe('matchProbabilities', () => {
  it('weighs each candidate against the others and against nobody', () => {
    expect(matchProbabilities([])).toEqual([]);
    expect(matchProbabilities([0])[0]).toBeCloseTo(0.5);
    const [sure, rival] = matchProbabilities([20, 2]);
    expect(sure).toBeGreaterThan(0.99);
    expect(rival).toBeLessThan(0.001);
    const [a, b] = matchProbabilities([30, 30]);
    expect(a).toBeCloseTo(0.5);
    expect(b).toBeCloseTo(0.5);
  });

  it('stays finite for weights far beyond floating point', () => {
    expect(matchProbabilities([5000, -5000])).toEqual([1, 0]);
  });
});
