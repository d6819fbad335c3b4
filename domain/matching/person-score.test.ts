import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, identifierWeight, priorWeight } from './model.ts';
import { scorePerson } from './person-score.ts';

const bits = (category: keyof typeof DEFAULT_MODEL.identifiers, agrees: boolean) => identifierWeight(DEFAULT_MODEL, category, agrees);

describe('scorePerson', () => {
  it('adds the prior and each kind of evidence once: agreeing when the person holds any identifier of the kind', () => {
    const score = scorePerson(DEFAULT_MODEL, {
      identifiers: [
        { category: 'email', holds: false, holders: 1 },
        { category: 'email', holds: true, holders: 1 },
        { category: 'phone', holds: false, holders: 1 },
      ],
    });
    expect(score.contributions).toEqual([
      { evidence: 'email', agrees: true, weight: bits('email', true) },
      { evidence: 'phone', agrees: false, weight: bits('phone', false) },
    ]);
    expect(score.weight).toBeCloseTo(priorWeight(DEFAULT_MODEL) + bits('email', true) + bits('phone', false));
  });

  it('weighs an identifier held strongly for, and one not held weakly against: persons have more than we know', () => {
    expect(bits('email', false)).toBeLessThan(0);
    expect(bits('email', false)).toBeGreaterThan(-5);
  });

  it('lifts the prior to the identifier’s reliability, however many persons there are', () => {
    for (const persons of [1_000, 1_000_000]) {
      const model = { ...DEFAULT_MODEL, persons };
      const alone = scorePerson(model, { identifiers: [{ category: 'phone', holds: true, holders: 1 }] }).weight;
      expect(2 ** alone / (1 + 2 ** alone)).toBeCloseTo(DEFAULT_MODEL.identifiers.phone.reliability);
    }
  });

  it('weighs an identifier two persons hold a bit less for each', () => {
    const shared = scorePerson(DEFAULT_MODEL, { identifiers: [{ category: 'phone', holds: true, holders: 2 }] }).weight;
    expect(shared).toBeCloseTo(priorWeight(DEFAULT_MODEL) + bits('phone', true) - 1);
  });

  it('adds the name with the address as compared', () => {
    const nameAddress = { weight: 12.5, fields: [], swap: 0, capped: 0 };
    const score = scorePerson(DEFAULT_MODEL, { identifiers: [], nameAddress });
    expect(score.weight).toBeCloseTo(priorWeight(DEFAULT_MODEL) + 12.5);
    expect(score.contributions).toEqual([{ evidence: 'name_address', weight: 12.5, score: nameAddress }]);
  });
});
