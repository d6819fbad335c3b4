import { describe, expect, it } from 'vitest';
import type { Comparison, Level } from './comparisons.ts';
import { learnM, withM, type ComparedPair } from './learn-m.ts';
import { DEFAULT_MODEL } from './model.ts';

const pair = (given: Level, birthday: Level): ComparedPair => ({
  comparisons: [
    { field: 'given', level: given },
    { field: 'birthday', level: birthday },
  ] satisfies Comparison[],
  fixed: 0,
});

/** 300 matches whose birthdays are often wrong (a third of them), and 700 pairs of different persons. */
const pairs = [
  ...Array.from({ length: 200 }, () => pair('exact', 'exact')),
  ...Array.from({ length: 100 }, () => pair('exact', 'different')),
  ...Array.from({ length: 700 }, (_, at) => pair(at % 50 === 0 ? 'exact' : 'different', 'different')),
];

describe('learnM', () => {
  it('learns from the pairs how often a match\'s field is at each level, and the share of matches', () => {
    const learned = learnM(DEFAULT_MODEL, pairs);
    expect(learned.m.birthday!.different!).toBeGreaterThan(0.25);
    expect(learned.m.birthday!.different!).toBeLessThan(0.4);
    expect(learned.m.given!.exact!).toBeGreaterThan(0.9);
    expect(learned.matches).toBeGreaterThan(280);
    expect(learned.matches).toBeLessThan(330);
    const sum = Object.values(learned.m.birthday!).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
  });

  it('stays near the model\'s m when the pairs hold no matches to learn from', () => {
    const learned = learnM(DEFAULT_MODEL, Array.from({ length: 500 }, () => pair('different', 'different')), 0.01);
    expect(learned.matches).toBeLessThan(5);
    expect(learned.m.birthday!.exact!).toBeGreaterThan(0.5);
  });
});

describe('withM', () => {
  it('replaces m and keeps u', () => {
    const model = withM(DEFAULT_MODEL, { birthday: { different: 0.3 } });
    expect(model.levels.birthday.different).toEqual({ m: 0.3, u: DEFAULT_MODEL.levels.birthday.different!.u });
    expect(model.levels.birthday.exact).toEqual(DEFAULT_MODEL.levels.birthday.exact);
  });
});
