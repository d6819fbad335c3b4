import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced.ts';

/** A readMany that answers each key from `held`, a turn of the event loop later, recording the keys of each call. */
function readManyOf(held: Record<string, string>, calls: string[][], fail?: (keys: string[]) => boolean) {
  return async (keys: string[]) => {
    calls.push(keys);
    await new Promise((resolve) => setImmediate(resolve));
    if (fail?.(keys)) throw new Error('database gone');
    return keys.map((key) => held[key]);
  };
}

describe('coalesced calls', () => {
  it('reads what is asked in one turn of the event loop together, and what is asked meanwhile in the next, each answered its own', async () => {
    const calls: string[][] = [];
    const read = coalesced(readManyOf({ b: 'in-flight', d: 'completed' }, calls));
    const first = Promise.all(['a', 'b'].map(read));
    await new Promise((resolve) => setImmediate(resolve)); // the read of a and b is under way
    const second = Promise.all(['c', 'd'].map(read));
    expect([await first, await second]).toEqual([[undefined, 'in-flight'], [undefined, 'completed']]);
    expect(calls).toEqual([['a', 'b'], ['c', 'd']]);
    expect(await read('e')).toBeUndefined();
    expect(calls.at(-1)).toEqual(['e']);
  });

  it('gathers the calls of separate callbacks of one turn, as the requests read in one poll of the sockets', async () => {
    const calls: string[][] = [];
    const read = coalesced(readManyOf({ a: 'A', b: 'B' }, calls));
    const answers = await Promise.all(['a', 'b'].map((key) => new Promise((resolve) => setImmediate(() => resolve(read(key))))));
    expect([answers, calls]).toEqual([['A', 'B'], [['a', 'b']]]);
  });

  it('makes a call that goes alone with callOne when given, and groups with callMany', async () => {
    const calls: string[][] = [];
    const alone: string[] = [];
    const read = coalesced(readManyOf({ a: 'A', b: 'B', c: 'C' }, calls), async (key) => (alone.push(key), `${key.toUpperCase()} alone`));
    expect(await read('a')).toEqual('A alone');
    expect(await Promise.all(['b', 'c'].map(read))).toEqual(['B', 'C']);
    expect([alone, calls]).toEqual([['a'], [['b', 'c']]]);
  });

  it('fails only the reads of the statement that failed', async () => {
    const calls: string[][] = [];
    const read = coalesced(readManyOf({}, calls, (keys) => keys.includes('b')));
    const first = read('a');
    await new Promise((resolve) => setImmediate(resolve)); // a's read is under way; b and c go together next
    const outcomes = await Promise.allSettled([first, read('b'), read('c')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await read('d')).toBeUndefined();
  });
});
