import { describe, expect, it } from 'vitest';
import { fittingBatchSize } from './enrich-file.ts';

describe('fittingBatchSize', () => {
  it('keeps the asked size when the plan has room for every batch in flight', () => {
    expect(fittingBatchSize(6_000, { batchSize: 100, inFlight: 4 })).toBe(100);
  });

  it('shares a small window between the batches in flight, never below one request', () => {
    expect(fittingBatchSize(100, { batchSize: 100, inFlight: 4 })).toBe(25);
    expect(fittingBatchSize(5, { batchSize: 100, inFlight: 4 })).toBe(1);
    expect(fittingBatchSize(2, { batchSize: 100, inFlight: 4 })).toBe(1);
  });
});
