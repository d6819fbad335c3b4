import { describe, expect, it } from 'vitest';
import { byRound, medianRound } from './rounds.ts';

describe('the median round', () => {
  it("is the round of the median ratio, not of Kith's median requests a second", () => {
    // Ratios 0.40, 0.30, 0.50: the median is round 0's, though round 1 has the median Kith figure.
    expect(medianRound([1_600, 1_500, 1_400], [4_000, 5_000, 2_800])).toBe(0);
  });

  it('takes the lower of the middle two for an even count, and the one round there is', () => {
    expect(medianRound([100, 300, 200, 400], [1_000, 1_000, 1_000, 1_000])).toBe(2);
    expect(medianRound([1_234], [4_321])).toBe(0);
  });

  it('refuses rounds without a floor figure each', () => {
    expect(() => medianRound([1, 2], [1])).toThrow('one floor figure per round');
    expect(() => medianRound([], [])).toThrow('a round at least');
  });
});

describe('measurements by round', () => {
  it("gives each side's figure by round and the measurements of the median round by that figure", () => {
    // p99 in ms, Kith / baseline / floor: ratios to the floor 3.0, 2.0, 2.5: the median is the third round's.
    const rounds = [
      [{ p99: 60 }, { p99: 2 }, { p99: 20 }],
      [{ p99: 40 }, { p99: 3 }, { p99: 20 }],
      [{ p99: 50 }, { p99: 1 }, { p99: 20 }],
    ];
    const { figures, median } = byRound(rounds, (measured) => measured.p99);
    expect(figures).toEqual([
      { kith: 60, baseline: 2, floor: 20 },
      { kith: 40, baseline: 3, floor: 20 },
      { kith: 50, baseline: 1, floor: 20 },
    ]);
    expect(median).toBe(rounds[2]);
  });
});
