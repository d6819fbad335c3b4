import { describe, expect, it } from 'vitest';
import { RetryableError, PermanentError } from './errors.ts';
import { withRetries, type RetryPolicy } from './retry.ts';

function policy(delaysMs: number[]): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return {
    delaysMs,
    slept,
    shouldRetry: (error) => error instanceof RetryableError,
    sleep: async (ms) => {
      slept.push(ms);
    },
  };
}

function failing(errors: Error[]) {
  let calls = 0;
  const attempt = async () => {
    const error = errors[calls];
    calls += 1;
    if (error) throw error;
    return 'done';
  };
  return { attempt, calls: () => calls };
}

describe('withRetries', () => {
  it('retries retryable failures with the given pauses, then succeeds', async () => {
    const p = policy([100, 400]);
    const work = failing([new RetryableError('blip'), new RetryableError('blip')]);
    await expect(withRetries(work.attempt, p)).resolves.toBe('done');
    expect(work.calls()).toBe(3);
    expect(p.slept).toEqual([100, 400]);
  });

  it('gives up after the last pause', async () => {
    const p = policy([10]);
    const work = failing([new RetryableError('one'), new RetryableError('two'), new RetryableError('three')]);
    await expect(withRetries(work.attempt, p)).rejects.toThrow('two');
    expect(work.calls()).toBe(2);
  });

  it('does not retry what will not get better', async () => {
    const p = policy([10, 10]);
    const work = failing([new PermanentError('bad data')]);
    await expect(withRetries(work.attempt, p)).rejects.toThrow('bad data');
    expect(p.slept).toEqual([]);
  });
});
