import { CONFIDENCE_LEVELS, type Confidence } from '../schemas/v3/person-enrich.ts';
import { reliability, type ReliabilityRow } from './matching-reliability.ts';

/**
 * How well person.enrich found the queries' persons at one confidence level: what it answered against the
 * queries' known truth (synthetic/persons/match-queries). An answer is correct when it is the query's person, wrong
 * when it is anyone else (or anyone at all for a person not imported).
 */
export type QueryTruth = { id: string; truth: string | null; corruptions: string[] };
/**
 * One query asked at one level: the record id of the person answered (null for a 404), the answer's match
 * probability as person.enrich gave it (`match.probability`; null or left out when it gave none) and how long it took.
 */
export type Answer = { queryId: string; confidence: Confidence; personId: string | null; probability?: number | null; latencyMs: number };

export type LevelScore = {
  queries: number;
  /** Queries whose person was imported: what recall is out of. */
  present: number;
  answered: number;
  answeredShare: number;
  correct: number;
  wrong: number;
  /** Queries for persons not imported, and how many of them were answered (by anyone: each is wrong). */
  absent: number;
  absentAnswered: number;
  /** absentAnswered / absent; null when there was no such query. */
  absentAnsweredShare: number | null;
  /** correct / answered; null when nothing was answered. */
  precision: number | null;
  /** correct / present. */
  recall: number;
  f1: number;
  notFoundShare: number;
  latencyMs: { p50: number; p99: number };
};
export type RecallOf = { queries: number; found: number; recall: number };

/** The value at percentile `p` of sorted values, nearest rank (the smallest with at least p% at or below it). */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The figures of one level, from every query and the answers at that level (one each). */
export function scoreLevel(queries: readonly QueryTruth[], answers: readonly Answer[]): LevelScore {
  const byQuery = new Map(answers.map((answer) => [answer.queryId, answer]));
  let answered = 0;
  let correct = 0;
  let absentAnswered = 0;
  for (const query of queries) {
    const personId = byQuery.get(query.id)?.personId ?? null;
    if (personId === null) continue;
    answered += 1;
    if (personId === query.truth) correct += 1;
    if (query.truth === null) absentAnswered += 1;
  }
  const present = queries.filter((query) => query.truth !== null).length;
  const absent = queries.length - present;
  const precision = answered > 0 ? correct / answered : null;
  const recall = present > 0 ? correct / present : 0;
  const latencies = answers.map((answer) => answer.latencyMs).sort((a, b) => a - b);
  return {
    queries: queries.length,
    present,
    answered,
    answeredShare: round(answered / Math.max(queries.length, 1)),
    correct,
    wrong: answered - correct,
    absent,
    absentAnswered,
    absentAnsweredShare: absent > 0 ? round(absentAnswered / absent) : null,
    precision: precision === null ? null : round(precision),
    recall: round(recall),
    f1: round(precision && recall ? (2 * precision * recall) / (precision + recall) : 0),
    notFoundShare: round((queries.length - answered) / Math.max(queries.length, 1)),
    latencyMs: { p50: round(nearestRank(latencies, 50)), p99: round(nearestRank(latencies, 99)) },
  };
}

/** Recall among the imported persons' queries of each group (`groupsOf` names the groups a query belongs to). */
export function recallBy(queries: readonly QueryTruth[], answers: readonly Answer[], groupsOf: (query: QueryTruth) => string[]): Record<string, RecallOf> {
  const byQuery = new Map(answers.map((answer) => [answer.queryId, answer]));
  const groups = new Map<string, { queries: number; found: number }>();
  for (const query of queries) {
    if (query.truth === null) continue;
    const found = byQuery.get(query.id)?.personId === query.truth;
    for (const group of groupsOf(query)) {
      const tally = groups.get(group) ?? { queries: 0, found: 0 };
      tally.queries += 1;
      if (found) tally.found += 1;
      groups.set(group, tally);
    }
  }
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, tally]) => [group, { ...tally, recall: round(tally.found / tally.queries) }]),
  );
}

/** What a set holds that decides which goals are its: households, and queries that give the birthday. */
export type SetKind = { households: boolean; birthdays: boolean };

type Levels = Record<Confidence, LevelScore>;
const everySet = () => true;
const withoutHouseholds = (kind: SetKind) => !kind.households;
const householdsAskedByBirthday = (kind: SetKind) => kind.households && kind.birthdays;

/**
 * The goals of issue #47, each for the sets it names: precision and absent people on every set; recall at HIGH and
 * LOW on sets without households, where a different given name at the address is a mistake rather than another
 * person; recall at HIGH with households where the queries give the birthday.
 */
export const MATCHING_GOALS = [
  { goal: 'HIGH precision ≥ 0.995', applies: everySet, met: (levels: Levels) => (levels.HIGH.precision ?? 0) >= 0.995 },
  { goal: 'absent answered at HIGH ≤ 1%', applies: everySet, met: (levels: Levels) => (levels.HIGH.absentAnsweredShare ?? 0) <= 0.01 },
  { goal: 'HIGH recall ≥ 0.90', applies: withoutHouseholds, met: (levels: Levels) => levels.HIGH.recall >= 0.9 },
  {
    goal: 'LOW recall ≥ 0.97 at precision ≥ 0.99',
    applies: withoutHouseholds,
    met: (levels: Levels) => levels.LOW.recall >= 0.97 && (levels.LOW.precision ?? 0) >= 0.99,
  },
  { goal: 'HIGH recall ≥ 0.97 with birthdays given', applies: householdsAskedByBirthday, met: (levels: Levels) => levels.HIGH.recall >= 0.97 },
  { goal: 'MAX precision ≥ 0.999', applies: everySet, met: (levels: Levels) => (levels.MAX.precision ?? 0) >= 0.999 },
] as const;

export type SplitScore = {
  levels: Record<Confidence, LevelScore>;
  /** At HIGH, among queries for imported persons: by `kind:field`, by kind, and by how many fields were corrupted. */
  highRecall: { byCorruption: Record<string, RecallOf>; byKind: Record<string, RecallOf>; byCorruptedFields: Record<string, RecallOf> };
  /** The goals that are this set's (MATCHING_GOALS `applies`), in their order. */
  goals: { goal: string; met: boolean }[];
  /** Per level: the answers given, by their probability, and the share of each bucket that was the right person. */
  reliability: Record<Confidence, ReliabilityRow[]>;
};

/** The answers given (not 404s) at one level, with whether each was the query's person. */
const given = (queries: readonly QueryTruth[], answers: readonly Answer[]) => {
  const truth = new Map(queries.map((query) => [query.id, query.truth]));
  return answers
    .filter((answer) => answer.personId !== null)
    .map((answer) => ({ probability: answer.probability ?? null, correct: answer.personId === truth.get(answer.queryId) }));
};

/** Every figure of a split: each level's, what HIGH missed by corruption, and the goals met. */
export function scoreSplit(queries: readonly QueryTruth[], answers: readonly Answer[], kind: SetKind): SplitScore {
  const at = (level: Confidence) => answers.filter((answer) => answer.confidence === level);
  const levels = Object.fromEntries(CONFIDENCE_LEVELS.map((level) => [level, scoreLevel(queries, at(level))])) as Record<Confidence, LevelScore>;
  const high = at('HIGH');
  return {
    levels,
    highRecall: {
      byCorruption: recallBy(queries, high, (query) => query.corruptions),
      byKind: recallBy(queries, high, (query) => [...new Set(query.corruptions.map((label) => label.split(':')[0]!))]),
      byCorruptedFields: recallBy(queries, high, (query) => [`${query.corruptions.length} field${query.corruptions.length === 1 ? '' : 's'}`]),
    },
    goals: MATCHING_GOALS.filter(({ applies }) => applies(kind)).map(({ goal, met }) => ({ goal, met: met(levels) })),
    reliability: Object.fromEntries(CONFIDENCE_LEVELS.map((level) => [level, reliability(given(queries, at(level)))])) as Record<Confidence, ReliabilityRow[]>,
  };
}
