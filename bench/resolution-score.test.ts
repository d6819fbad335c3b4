import { describe, expect, it } from 'vitest';
import { scoreClusters } from './resolution-score.ts';

const truthOf = (clusters: Record<string, string[]>) => new Map(Object.entries(clusters).flatMap(([label, keys]) => keys.map((key) => [key, label] as const)));

describe('scoreClusters', () => {
  it('scores a split of one true cluster', () => {
    // True pairs ab, ac, bc; predicted ab. B-cubed recall: a and b find 2 of 3, c 1 of 3.
    const score = scoreClusters(truthOf({ x: ['a', 'b', 'c'] }), [['a', 'b'], ['c']]);
    expect(score.pairwise).toEqual({ truePairs: 3, predictedPairs: 1, correctPairs: 1, precision: 1, recall: 1 / 3, f1: 0.5 });
    expect(score.bcubed.precision).toBe(1);
    expect(score.bcubed.recall).toBeCloseTo(5 / 9, 12);
    expect(score.bcubed.f1).toBeCloseTo(5 / 7, 12);
    expect(score).toMatchObject({ records: 3, missing: 0, unknown: 0, predictedClusters: 2, trueClusters: 1 });
  });

  it('scores an over-merge of two true clusters', () => {
    // Predicted pairs: all 6 of abcd, of which ab and cd are true. B-cubed: each record's cluster is half its own.
    const score = scoreClusters(truthOf({ x: ['a', 'b'], y: ['c', 'd'] }), [['a', 'b', 'c', 'd']]);
    expect(score.pairwise).toEqual({ truePairs: 2, predictedPairs: 6, correctPairs: 2, precision: 1 / 3, recall: 1, f1: 0.5 });
    expect(score.bcubed.precision).toBe(0.5);
    expect(score.bcubed.recall).toBe(1);
    expect(score.bcubed.f1).toBeCloseTo(2 / 3, 12);
  });

  it('scores a prediction of singletons only: no pairwise precision, B-cubed precision 1', () => {
    const truth = truthOf({ x: ['a', 'b'], y: ['c'] });
    const score = scoreClusters(truth, [['a'], ['b'], ['c']]);
    expect(score.pairwise).toEqual({ truePairs: 1, predictedPairs: 0, correctPairs: 0, precision: null, recall: 0, f1: 0 });
    // B-cubed recall: a and b 1/2 each, c 1.
    expect(score.bcubed.precision).toBe(1);
    expect(score.bcubed.recall).toBeCloseTo(2 / 3, 12);
    expect(score.bcubed.f1).toBeCloseTo(0.8, 12);
  });

  it('scores records missing from the prediction as singletons, and leaves out records the truth does not name', () => {
    const truth = truthOf({ x: ['a', 'b'], y: ['c'] });
    const singletons = scoreClusters(truth, [['a'], ['b'], ['c']]);
    const score = scoreClusters(truth, [['a', 'z']]);
    expect(score).toEqual({ ...singletons, missing: 2, unknown: 1 });
  });

  it('gives 1 everywhere for the truth itself', () => {
    const score = scoreClusters(truthOf({ x: ['a', 'b', 'c'], y: ['d', 'e'], z: ['f'] }), [['f'], ['e', 'd'], ['c', 'a', 'b']]);
    expect(score.pairwise).toEqual({ truePairs: 4, predictedPairs: 4, correctPairs: 4, precision: 1, recall: 1, f1: 1 });
    expect(score.bcubed).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('has no pairwise figures when neither side has a pair', () => {
    const score = scoreClusters(truthOf({ x: ['a'], y: ['b'] }), [['a'], ['b']]);
    expect(score.pairwise).toEqual({ truePairs: 0, predictedPairs: 0, correctPairs: 0, precision: null, recall: null, f1: null });
    expect(score.bcubed).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('refuses a record predicted twice, and an empty truth', () => {
    expect(() => scoreClusters(truthOf({ x: ['a', 'b'] }), [['a', 'b'], ['b']])).toThrow('record b is predicted twice');
    expect(() => scoreClusters(new Map(), [['a']])).toThrow('the truth names no record');
  });
});
