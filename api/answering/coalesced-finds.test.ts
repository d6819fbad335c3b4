import { describe, expect, it } from 'vitest';
import type { FindInput, HeldClaim, IdempotencyStore } from '../../adapters/db/port.ts';
import { coalescedFinds } from './coalesced-finds.ts';

const input = (key: string): FindInput => ({ accountId: 'a', key, requestHash: 'h', expiredBefore: new Date(0), abandonedBefore: new Date(0) });

/** A store whose findMany answers each key's held claim from `held`, recording the keys of each call. */
function storeOf(held: Record<string, HeldClaim>, calls: string[][], fail?: (keys: string[]) => boolean): IdempotencyStore {
  return {
    async findMany(inputs) {
      const keys = inputs.map((item) => item.key);
      calls.push(keys);
      await new Promise((resolve) => setImmediate(resolve));
      if (fail?.(keys)) throw new Error('database gone');
      return keys.map((key) => held[key]);
    },
  } as IdempotencyStore;
}

describe('coalesced kept-reply reads', () => {
  it('reads a key at once when nothing is being read, and the keys asked meanwhile together next, each answered its own', async () => {
    const calls: string[][] = [];
    const store = coalescedFinds(storeOf({ b: { kind: 'in-flight' }, d: { kind: 'completed', answer: { status: 200, body: '{}' } } }, calls));
    const found = await Promise.all(['a', 'b', 'c', 'd'].map((key) => store.find(input(key))));
    expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
    expect(found).toEqual([undefined, { kind: 'in-flight' }, undefined, { kind: 'completed', answer: { status: 200, body: '{}' } }]);
    expect(await store.find(input('e'))).toBeUndefined();
    expect(calls.at(-1)).toEqual(['e']);
  });

  it('fails only the reads of the statement that failed', async () => {
    const calls: string[][] = [];
    const store = coalescedFinds(storeOf({}, calls, (keys) => keys.includes('b')));
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((key) => store.find(input(key))));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await store.find(input('d'))).toBeUndefined();
  });
});
