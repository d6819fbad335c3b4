import { describe, expect, it } from 'vitest';
import { bucketOf, reliability } from './matching-reliability.ts';

describe('bucketOf', () => {
  it('puts a probability in the bucket whose lower bound it reaches', () => {
    expect([0.2, 0.5, 0.8999, 0.9, 0.95, 0.99, 0.995, 0.9989, 0.999, 1].map(bucketOf)).toEqual([
      '< 0.5',
      '0.5–0.8',
      '0.8–0.9',
      '0.9–0.95',
      '0.95–0.99',
      '0.99–0.995',
      '0.995–0.999',
      '0.995–0.999',
      '≥ 0.999',
      '≥ 0.999',
    ]);
  });
});

describe('reliability', () => {
  it('counts the answers of each bucket and the share right, empty buckets with none', () => {
    const rows = reliability([
      { probability: 0.92, correct: true },
      { probability: 0.93, correct: false },
      { probability: 0.9995, correct: true },
    ]);
    expect(rows).toHaveLength(8);
    expect(rows.find((row) => row.bucket === '0.9–0.95')).toEqual({ bucket: '0.9–0.95', answers: 2, correct: 1, shareCorrect: 0.5 });
    expect(rows.find((row) => row.bucket === '≥ 0.999')).toEqual({ bucket: '≥ 0.999', answers: 1, correct: 1, shareCorrect: 1 });
    expect(rows.find((row) => row.bucket === '0.5–0.8')).toEqual({ bucket: '0.5–0.8', answers: 0, correct: 0, shareCorrect: null });
  });

  it('adds a row for answers without a probability', () => {
    expect(reliability([{ probability: null, correct: true }]).at(-1)).toEqual({ bucket: 'no probability', answers: 1, correct: 1, shareCorrect: 1 });
  });
});
