/**
 * A reliability table (calibration): of the answers given at a probability in each bucket, how many there were
 * and what share was the right person. A matcher whose probabilities mean what they say has, in the bucket
 * 0.9–0.95, a share right between 0.9 and 0.95.
 */
export const RELIABILITY_BUCKETS = [
  { label: '< 0.5', from: 0 },
  { label: '0.5–0.8', from: 0.5 },
  { label: '0.8–0.9', from: 0.8 },
  { label: '0.9–0.95', from: 0.9 },
  { label: '0.95–0.99', from: 0.95 },
  { label: '0.99–0.995', from: 0.99 },
  { label: '0.995–0.999', from: 0.995 },
  { label: '≥ 0.999', from: 0.999 },
] as const;

/** One answer given: the probability person.enrich gave it (null when it gave none) and whether it was the right person. */
export type GivenAnswer = { probability: number | null; correct: boolean };
export type ReliabilityRow = { bucket: string; answers: number; correct: number; shareCorrect: number | null };

/** The bucket a probability falls in: the last whose lower bound it reaches. */
export const bucketOf = (probability: number) => [...RELIABILITY_BUCKETS].reverse().find((bucket) => probability >= bucket.from)!.label;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Every bucket in order, empty ones too, and a last row `no probability` when some answer carried none. */
export function reliability(answers: readonly GivenAnswer[]): ReliabilityRow[] {
  const tally = new Map<string, { answers: number; correct: number }>(RELIABILITY_BUCKETS.map((bucket) => [bucket.label, { answers: 0, correct: 0 }]));
  for (const answer of answers) {
    const label = answer.probability === null ? 'no probability' : bucketOf(answer.probability);
    const row = tally.get(label) ?? { answers: 0, correct: 0 };
    row.answers += 1;
    if (answer.correct) row.correct += 1;
    tally.set(label, row);
  }
  return [...tally].map(([bucket, row]) => ({ bucket, ...row, shareCorrect: row.answers > 0 ? round(row.correct / row.answers) : null }));
}
