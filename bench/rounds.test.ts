import { describe, expect, it } from 'vitest';
import { medianRound } from './rounds.ts';

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
