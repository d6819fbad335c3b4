import { describe, expect, it } from 'vitest';
import { CONFIDENCE_LEVELS } from '../schemas/v3/person-enrich.ts';
import { nearestRank, recallBy, scoreLevel, scoreSplit, type Answer, type QueryTruth, type SetKind } from './matching-score.ts';

const queries: QueryTruth[] = [
  { id: 'q1', truth: 'a', corruptions: ['typo-delete:family'] },
  { id: 'q2', truth: 'b', corruptions: ['typo-delete:family', 'missing:postalCode'] },
  { id: 'q3', truth: 'c', corruptions: ['missing:postalCode'] },
  { id: 'q4', truth: null, corruptions: ['swap:name'] },
];
const answer = (queryId: string, personId: string | null, latencyMs: number): Answer => ({ queryId, confidence: 'HIGH', personId, latencyMs });

describe('scoreLevel', () => {
  it('counts right and wrong answers against the truth', () => {
    // q1 right, q2 another person, q3 not found, q4 (not imported) answered anyway.
    const score = scoreLevel(queries, [answer('q1', 'a', 10), answer('q2', 'x', 20), answer('q3', null, 30), answer('q4', 'd', 40)]);
    expect(score).toEqual({
      queries: 4,
      present: 3,
      answered: 3,
      answeredShare: 0.75,
      correct: 1,
      wrong: 2,
      absent: 1,
      absentAnswered: 1,
      absentAnsweredShare: 1,
      precision: 0.3333,
      recall: 0.3333,
      f1: 0.3333,
      notFoundShare: 0.25,
      latencyMs: { p50: 20, p99: 40 },
    });
  });

  it('has no precision when nothing was answered', () => {
    const score = scoreLevel(queries, queries.map((query) => answer(query.id, null, 5)));
    expect(score).toMatchObject({ answered: 0, precision: null, recall: 0, f1: 0, notFoundShare: 1 });
  });
});

describe('recallBy', () => {
  it('gives the recall of each group among queries for imported persons', () => {
    const answers = [answer('q1', 'a', 1), answer('q2', null, 1), answer('q3', 'c', 1), answer('q4', 'z', 1)];
    expect(recallBy(queries, answers, (query) => query.corruptions)).toEqual({
      'missing:postalCode': { queries: 2, found: 1, recall: 0.5 },
      'typo-delete:family': { queries: 2, found: 1, recall: 0.5 },
    });
  });
});

describe('nearestRank', () => {
  it('takes the smallest value with at least p% at or below it', () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(nearestRank(values, 50)).toBe(100);
    expect(nearestRank(values, 99)).toBe(198);
    expect(nearestRank([7], 99)).toBe(7);
    expect(nearestRank([], 50)).toBe(0);
  });
});

describe('scoreSplit', () => {
  it('scores every level, what HIGH missed by corruption, kind and count, and the goals', () => {
    // Every level answers q1 rightly and nothing else: precision 1, recall 1/3.
    const answers = CONFIDENCE_LEVELS.flatMap((confidence) =>
      queries.map((query): Answer => ({ queryId: query.id, confidence, personId: query.id === 'q1' ? 'a' : null, latencyMs: 1 })),
    );
    const score = scoreSplit(queries, answers, { households: false, birthdays: false });
    expect(Object.keys(score.levels)).toEqual([...CONFIDENCE_LEVELS]);
    expect(score.levels.MAX).toMatchObject({ precision: 1, recall: 0.3333 });
    expect(score.highRecall.byKind).toEqual({
      missing: { queries: 2, found: 0, recall: 0 },
      'typo-delete': { queries: 2, found: 1, recall: 0.5 },
    });
    expect(score.highRecall.byCorruptedFields).toEqual({
      '1 field': { queries: 2, found: 1, recall: 0.5 },
      '2 fields': { queries: 1, found: 0, recall: 0 },
    });
    expect(score.goals).toEqual([
      { goal: 'HIGH precision ≥ 0.995', met: true },
      { goal: 'absent answered at HIGH ≤ 1%', met: true },
      { goal: 'HIGH recall ≥ 0.90', met: false },
      { goal: 'LOW recall ≥ 0.97 at precision ≥ 0.99', met: false },
      { goal: 'MAX precision ≥ 0.999', met: true },
    ]);
  });

  it('holds a set with households to the goals of such sets: recall at HIGH only where the queries give the birthday', () => {
    const answers = CONFIDENCE_LEVELS.flatMap((confidence) =>
      queries.map((query): Answer => ({ queryId: query.id, confidence, personId: query.truth, latencyMs: 1 })),
    );
    const goals = (kind: SetKind) => scoreSplit(queries, answers, kind).goals.map(({ goal }) => goal);
    expect(goals({ households: true, birthdays: false })).toEqual(['HIGH precision ≥ 0.995', 'absent answered at HIGH ≤ 1%', 'MAX precision ≥ 0.999']);
    expect(goals({ households: true, birthdays: true })).toContain('HIGH recall ≥ 0.97 with birthdays given');
    expect(goals({ households: false, birthdays: true })).not.toContain('HIGH recall ≥ 0.97 with birthdays given');
    expect(scoreSplit(queries, answers, { households: true, birthdays: true }).goals.every(({ met }) => met)).toBe(true);
  });

  it('tables each level\'s answers by their probability', () => {
    const answers: Answer[] = [
      { queryId: 'q1', confidence: 'LOW', personId: 'a', probability: 0.97, latencyMs: 1 },
      { queryId: 'q2', confidence: 'LOW', personId: 'x', probability: 0.96, latencyMs: 1 },
      { queryId: 'q3', confidence: 'LOW', personId: null, latencyMs: 1 },
    ];
    const rows = scoreSplit(queries, answers, { households: false, birthdays: false }).reliability.LOW;
    expect(rows.find((row) => row.bucket === '0.95–0.99')).toEqual({ bucket: '0.95–0.99', answers: 2, correct: 1, shareCorrect: 0.5 });
    expect(rows.reduce((sum, row) => sum + row.answers, 0)).toBe(2);
  });
});
