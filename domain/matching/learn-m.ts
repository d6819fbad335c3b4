import type { Comparison, Field, Level } from './comparisons.ts';
import { levelWeight, type MatchModel } from './model.ts';

/**
 * m learned from the data by expectation maximisation (docs/matching.md, "How m is learned"), as Splink learns
 * it: over pairs of records that share a blocking key, of which an unknown share are one person, each pair's
 * probability of being a match is estimated from the weights (E), then each level's m is the share of the
 * matches' comparisons at that level (M), until they settle. u stays the model's (from random pairs) and so do
 * the identifiers' weights, which count in each pair's probability as they are.
 */
export type ComparedPair = {
  /** The fields compared, each at its level (missing ones left out), with the candidate's term values. */
  comparisons: Comparison[];
  terms?: Partial<Record<'given' | 'family' | 'city' | 'street', string>>;
  /** The bits of the evidence that is not learned here (identifiers). */
  fixed: number;
};

export type LearnedM = {
  /** m of each field's levels. */
  m: Partial<Record<Field, Partial<Record<Exclude<Level, 'missing'>, number>>>>;
  /** The share of the pairs that are matches. */
  matchShare: number;
  /** The expected number of matches among the pairs: how much there was to learn from. */
  matches: number;
  iterations: number;
};

export type LearnOptions = {
  /** Iterations at most. */
  iterations?: number;
  /** Pseudo-counts of the model's m added to each field's: with few matches, m stays near the model's. */
  priorMatches?: number;
  /** The largest change of any m below which the iterations stop. */
  tolerance?: number;
};

const DEFAULTS = { iterations: 25, priorMatches: 20, tolerance: 1e-4 };

/** The model with these m in place of its own (u kept). */
export function withM(model: MatchModel, learned: LearnedM['m']): MatchModel {
  const levels = { ...model.levels };
  for (const [field, byLevel] of Object.entries(learned) as Array<[Field, Record<string, number>]>) {
    const current = { ...levels[field] } as Record<string, { m: number; u: number }>;
    for (const [level, m] of Object.entries(byLevel)) if (current[level]) current[level] = { ...current[level], m };
    levels[field] = current as MatchModel['levels'][Field];
  }
  return { ...model, levels };
}

const logistic = (bits: number) => 1 / (1 + 2 ** -bits);

/** How many matches (or expected matches) compared at each level of each field. */
export type LevelCounts = Map<Field, Map<Level, number>>;

/**
 * Each counted field's m: the share of its matches at each of the model's levels, with `priorMatches` pseudo-matches
 * spread as the model's m are, so that a level seldom seen stays near the model's (the M step of EM).
 */
export function mFromCounts(model: MatchModel, counts: LevelCounts, priorMatches: number): LearnedM['m'] {
  const learned: LearnedM['m'] = {};
  for (const [field, byLevel] of counts) {
    const levels = Object.entries(model.levels[field] ?? {}) as Array<[Exclude<Level, 'missing'>, { m: number }]>;
    const seen = [...byLevel.values()].reduce((a, b) => a + b, 0);
    const priorTotal = levels.reduce((sum, [, probabilities]) => sum + probabilities.m, 0);
    learned[field] = Object.fromEntries(
      levels.map(([level, probabilities]) => [level, ((byLevel.get(level) ?? 0) + (priorMatches * probabilities.m) / priorTotal) / (seen + priorMatches)]),
    );
  }
  return learned;
}

/** Learns m from the compared pairs, starting from the model's m and a match share of `start`. */
export function learnM(model: MatchModel, pairs: readonly ComparedPair[], start = 0.1, options: LearnOptions = {}): LearnedM {
  const { iterations, priorMatches, tolerance } = { ...DEFAULTS, ...options };
  let current = model;
  let share = start;
  let matches = 0;
  let learned: LearnedM['m'] = {};
  for (let iteration = 1; iteration <= iterations; iteration++) {
    const counts: LevelCounts = new Map();
    matches = 0;
    for (const pair of pairs) {
      const bits = Math.log2(share / (1 - share)) + pair.fixed + pair.comparisons.reduce((sum, c) => sum + levelWeight(current, c, pair.terms), 0);
      const p = logistic(bits);
      matches += p;
      for (const { field, level } of pair.comparisons) {
        const byLevel = counts.get(field) ?? new Map<Level, number>();
        byLevel.set(level, (byLevel.get(level) ?? 0) + p);
        counts.set(field, byLevel);
      }
    }
    const next = mFromCounts(model, counts, priorMatches);
    let change = 0;
    for (const [field, byLevel] of Object.entries(next) as Array<[Field, Record<string, number>]>) {
      for (const [level, m] of Object.entries(byLevel)) {
        const before = (learned[field] as Record<string, number> | undefined)?.[level] ?? (model.levels[field] as Record<string, { m: number }>)[level]!.m;
        change = Math.max(change, Math.abs(m - before));
      }
    }
    learned = next;
    share = Math.min(0.999, Math.max(1e-6, matches / Math.max(1, pairs.length)));
    current = withM(model, learned);
    if (change < tolerance) return { m: learned, matchShare: share, matches, iterations: iteration };
  }
  return { m: learned, matchShare: share, matches, iterations };
}
