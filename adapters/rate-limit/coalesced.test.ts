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

  describe('calls counted ahead', () => {
    const roomy = { limit: 6_000, windowSeconds: 60 };
    const inTurn = async (limiter: RateLimiter, count: number, policy = roomy, account = 'a') => {
      const decisions = [];
      for (let call = 0; call < count; call += 1) decisions.push(await limiter.hit(account, policy, now));
      return decisions;
    };

    it('counts 32 ahead with the second call of a roomy window, and admits the next 32 without the store', async () => {
      const store = slowCounting();
      const decisions = await inTurn(coalescedRateLimiter(store), 35);
      expect(store.hits).toEqual([1, 33, 33]);
      // Every call sees its own count, as with each counted alone.
      expect(decisions.map((decision) => decision.remaining)).toEqual(Array.from({ length: 35 }, (_, call) => 5_999 - call));
      expect(decisions.every((decision) => decision.allowed && decision.resetSeconds === 50)).toBe(true);
    });

    it('counts none ahead near the limit, so that one process admits exactly the limit', async () => {
      const store = slowCounting();
      const limiter = coalescedRateLimiter(store);
      const policy = { limit: 200, windowSeconds: 60 };
      const decisions = await inTurn(limiter, 230, policy);
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(200);
      expect(decisions.slice(0, 200).map((decision) => decision.remaining)).toEqual(Array.from({ length: 200 }, (_, call) => 199 - call));
      expect(decisions.slice(200).every((decision) => !decision.allowed && decision.remaining === 0)).toBe(true);
      expect(Math.max(...store.hits)).toBe(1 + Math.floor(199 / 16));
    });

    it('never lets two processes sharing the store admit more than the limit, short of it only by the calls counted ahead', async () => {
      const store = slowCounting();
      const [first, second] = [coalescedRateLimiter(store), coalescedRateLimiter(store)];
      const policy = { limit: 500, windowSeconds: 60 };
      const decisions = (await Promise.all([inTurn(first!, 400, policy), inTurn(second!, 400, policy)])).flat();
      const admitted = decisions.filter((decision) => decision.allowed).length;
      const left = (await store.peek('a', policy, now)).remaining;
      const unmade = (await first!.peek('a', policy, now)).remaining - left + ((await second!.peek('a', policy, now)).remaining - left);
      expect(admitted).toBeLessThanOrEqual(500);
      expect(admitted + unmade + left).toBe(500);
    });

    it('serves a batch from the calls counted ahead first, and gives them back when the store refuses the rest', async () => {
      const store = slowCounting();
      const limiter = coalescedRateLimiter(store);
      const policy = { limit: 200, windowSeconds: 60 };
      await inTurn(limiter, 2, policy); // 1, then 1 + 12 ahead: 186 left in the store, 12 here
      expect(await limiter.hit('a', policy, now, 5)).toMatchObject({ allowed: true, remaining: 193 });
      expect(store.hits).toEqual([1, 13]);
      expect(await limiter.hit('a', policy, now, 195)).toMatchObject({ allowed: false, remaining: 193 });
      expect(store.hits).toEqual([1, 13, 188]);
      expect(await limiter.peek('a', policy, now)).toMatchObject({ remaining: 193 });
      expect(await limiter.hit('a', policy, now, 10)).toMatchObject({ allowed: true, remaining: 183 });
      expect(await limiter.hit('a', policy, now, 10)).toMatchObject({ allowed: true, remaining: 173 });
      expect(store.hits).toEqual([1, 13, 188, 3, 10]);
    });
  });
});

