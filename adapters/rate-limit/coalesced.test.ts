import { describe, expect, it } from 'vitest';
import { coalescedRateLimiter } from './coalesced.ts';
import { memoryRateLimiter } from './memory.ts';
import type { RateLimiter } from './port.ts';

const now = new Date('2026-06-01T12:00:10Z');
const policy = { limit: 10, windowSeconds: 60 };

/** A limiter that answers a tick late (as a database would), counting the hits it is asked for. */
function slowCounting(): RateLimiter & { hits: number[] } {
  const inner = memoryRateLimiter();
  const hits: number[] = [];
  return {
    hits,
    async hit(accountId, policy, at, calls = 1) {
      hits.push(calls);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return inner.hit(accountId, policy, at, calls);
    },
    peek: (accountId, policy, at) => inner.peek(accountId, policy, at),
  };
}

describe('coalescedRateLimiter', () => {
  it('counts the calls made while one is in flight in one hit, each seeing its own count', async () => {
    const store = slowCounting();
    const limiter = coalescedRateLimiter(store);
    const decisions = await Promise.all(Array.from({ length: 5 }, () => limiter.hit('a', policy, now)));
    expect(store.hits).toEqual([1, 4]);
    expect(decisions.map((decision) => [decision.allowed, decision.remaining])).toEqual([
      [true, 9],
      [true, 8],
      [true, 7],
      [true, 6],
      [true, 5],
    ]);
  });

  it('admits the calls that fit when a group does not, refusing only the rest', async () => {
    const store = slowCounting();
    const limiter = coalescedRateLimiter(store);
    const decisions = await Promise.all(Array.from({ length: 14 }, () => limiter.hit('a', policy, now)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(new Set(decisions.filter((decision) => decision.allowed).map((decision) => decision.remaining)).size).toBe(10);
    expect(await limiter.hit('a', policy, now)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('groups accounts and policies apart, and counts a batch on its own', async () => {
    const store = slowCounting();
    const limiter = coalescedRateLimiter(store);
    await Promise.all([
      limiter.hit('a', policy, now),
      limiter.hit('b', policy, now),
      limiter.hit('a', { limit: 5, windowSeconds: 60 }, now),
      limiter.hit('a', policy, now, 3),
    ]);
    expect(store.hits.sort()).toEqual([1, 1, 1, 3]);
  });

  it('hands a failure of the store to every call of the group', async () => {
    const failing: RateLimiter = {
      hit: () => new Promise((_, reject) => setTimeout(() => reject(new Error('down')), 1)),
      peek: () => Promise.reject(new Error('down')),
    };
    const limiter = coalescedRateLimiter(failing);
    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => limiter.hit('a', policy, now)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // Nothing is left in flight: the next call reaches the store again.
    await expect(limiter.hit('a', policy, now)).rejects.toThrow('down');
  });
});
