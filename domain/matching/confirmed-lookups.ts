import type { Comparison, Field, Level } from './comparisons.ts';
import { mFromCounts, type LearnedM, type LevelCounts } from './learn-m.ts';
import type { MatchModel } from './model.ts';
import type { PersonScore } from './person-score.ts';

/**
 * m learned from callers' own lookups (docs/matching.md, "How m is learned"): a lookup whose identifiers the
 * person holds name it beyond doubt by themselves (an email: 0.99), and that also gives a name with an address, is
 * a labelled match: how its name, address and birthday compare with the person's is how callers' data differs from
 * Kith's. An identifier the person does not hold is left out of that: a person has more phones than Kith knows.
 * Only the levels are counted, never a value.
 */

/** The probability the identifiers alone must give the person: an email's (docs/matching.md, "Weights"). */
export const CONFIRMING_PROBABILITY = 0.99;

/** Below this many confirmed lookups nothing is learned from them: too few to tell error rates by. */
export const LEAST_CONFIRMED = 30;

/** Pseudo-lookups of the model's m added to each field's counts, as in EM (./learn-m.ts). */
const PRIOR_LOOKUPS = 20;

/**
 * The comparisons of the name and address of a lookup the identifiers confirm, or undefined when they do not
 * (or it gave no name with an address). A family name `changed` at the home is counted as `different`: it is how
 * often a match's family name is wholly other, whatever the home says.
 */
export function confirmedComparisons(score: PersonScore): Comparison[] | undefined {
  const identifierBits = score.contributions.reduce((sum, item) => (item.evidence !== 'name_address' && item.agrees ? sum + item.weight : sum), 0);
  const nameAddress = score.contributions.find((item) => item.evidence === 'name_address');
  const confirmed = score.prior + identifierBits >= Math.log2(CONFIRMING_PROBABILITY / (1 - CONFIRMING_PROBABILITY)) - 1e-9;
  if (!confirmed || !nameAddress || nameAddress.evidence !== 'name_address') return undefined;
  return nameAddress.score.fields
    .filter((field) => field.level !== 'missing')
    .map(({ field, level }) => ({ field, level: level === 'changed' ? 'different' : level }));
}

/** The counts with the comparisons added, `lookups` each (one unless given). */
export function countLevels(counts: LevelCounts, comparisons: readonly Comparison[], lookups = 1): LevelCounts {
  for (const { field, level } of comparisons) {
    const byLevel = counts.get(field) ?? new Map<Level, number>();
    byLevel.set(level, (byLevel.get(level) ?? 0) + lookups);
    counts.set(field, byLevel);
  }
  return counts;
}

/**
 * m learned from the confirmed lookups' counts, with as many matches as the most counted field's lookups; undefined
 * below LEAST_CONFIRMED of them. Levels the model does not weigh are left out.
 */
export function mFromConfirmed(model: MatchModel, counts: LevelCounts): LearnedM | undefined {
  const known = new Map(
    [...counts].map(([field, byLevel]): [Field, Map<Level, number>] => [field, new Map([...byLevel].filter(([level]) => level in (model.levels[field] ?? {})))]),
  );
  const matches = Math.max(0, ...[...known.values()].map((byLevel) => [...byLevel.values()].reduce((a, b) => a + b, 0)));
  if (matches < LEAST_CONFIRMED) return undefined;
  return { m: mFromCounts(model, known, PRIOR_LOOKUPS), matchShare: 1, matches, iterations: 1 };
}
