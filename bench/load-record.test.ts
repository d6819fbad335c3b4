import { describe, expect, it } from 'vitest';
import { LoadRecord } from './load-record.ts';

describe('LoadRecord', () => {
  it('tallies the answers before measuring starts as the warm-up, apart from the measured ones', () => {
    const record = new LoadRecord(1_000, true);
    record.response(200, 80);
    record.response(503, 60);
    record.failure(true);
    record.startMeasuring(6_000);
    for (const ms of [10, 12, 11, 30]) record.response(200, ms);
    record.response(429, 5);
    record.failure(false);

    const { measured, warmup } = record.finish(16_000);

    expect(warmup).toMatchObject({ durationS: 5, responses: 2, statuses: { 200: 1, 503: 1 }, connectionErrors: 1, timeouts: 1 });
    expect(warmup.latencyMs.max).toBe(80);
    expect(measured).toMatchObject({ durationS: 10, responses: 5, statuses: { 200: 4, 429: 1 }, connectionErrors: 1, timeouts: 0 });
    expect(measured.latencyMs).toEqual({ p50: 11, p90: 30, p99: 30, max: 30, mean: 13.6 });
  });

  it('measures from the start when not warming up, and a late startMeasuring moves nothing', () => {
    const record = new LoadRecord(0, false);
    record.response(200, 7);
    record.startMeasuring(4_000);
    record.response(200, 9);

    const { measured, warmup } = record.finish(10_000);

    expect(measured).toMatchObject({ durationS: 10, responses: 2 });
    expect(warmup).toMatchObject({ durationS: 0, responses: 0 });
  });

  it('tallies nothing after measuring stops, and measures up to the stop', () => {
    const record = new LoadRecord(0, true);
    record.response(200, 50);
    record.startMeasuring(5_000);
    record.response(200, 10);
    record.stopMeasuring(20_000);
    record.response(200, 90);
    record.failure(true);
    record.startMeasuring(21_000);
    record.response(200, 70);

    const { measured, warmup } = record.finish(20_900);

    expect(measured).toMatchObject({ durationS: 15, responses: 1, connectionErrors: 0 });
    expect(measured.latencyMs.max).toBe(10);
    expect(warmup).toMatchObject({ durationS: 5, responses: 1 });
  });

  it('keeps every latency past its first buffer', () => {
    const record = new LoadRecord(0, false);
    const count = (1 << 16) + 10;
    for (let i = 1; i <= count; i++) record.response(200, i);

    const { measured } = record.finish(1_000);

    expect(measured.responses).toBe(count);
    expect(measured.latencyMs.max).toBe(count);
  });
});
