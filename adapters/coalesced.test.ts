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

/** A readMany that answers at once, without leaving the turn, as PGlite does. */
function readNowOf(held: Record<string, string>, calls: string[][]) {
  return async (keys: string[]) => (calls.push(keys), keys.map((key) => held[key]));
}

/** Reads each key from a callback of its own, all in one turn: as the requests read in one poll of the sockets. */
const inOneTurn = (read: (key: string) => Promise<string | undefined>, keys: string[]) =>
  Promise.all(keys.map((key) => new Promise((resolve) => setImmediate(() => resolve(read(key))))));

describe('coalesced calls', () => {
  it('reads at once when nothing is being read, and what is asked meanwhile together next, each answered its own', async () => {
    const calls: string[][] = [];
    const read = coalesced(readManyOf({ b: 'in-flight', d: 'completed' }, calls));
    const answers = Promise.all(['a', 'b', 'c', 'd'].map(read));
    expect(calls).toEqual([['a']]); // at once, before anything else ran
    expect(await answers).toEqual([undefined, 'in-flight', undefined, 'completed']);
    expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('with a database that answers within the turn, sends the first call of a turn at once and the turn\'s others together at its end', async () => {
    const calls: string[][] = [];
    const read = coalesced(readNowOf({ a: 'A', b: 'B', c: 'C' }, calls));
    expect(await inOneTurn(read, ['a', 'b', 'c'])).toEqual(['A', 'B', 'C']);
    expect(calls).toEqual([['a'], ['b', 'c']]);
    expect(await inOneTurn(read, ['d'])).toEqual([undefined]);
    expect(calls.at(-1)).toEqual(['d']);
  });

  it('makes a call that goes alone with callOne when given, and groups with callMany', async () => {
    const calls: string[][] = [];
    const alone: string[] = [];
    const read = coalesced(readManyOf({ a: 'A', b: 'B', c: 'C' }, calls), async (key) => (alone.push(key), `${key.toUpperCase()} alone`));
    expect(await Promise.all(['a', 'b', 'c'].map(read))).toEqual(['A alone', 'B', 'C']);
    expect([alone, calls]).toEqual([['a'], [['b', 'c']]]);
  });

  it('fails only the reads of the statement that failed', async () => {
    const calls: string[][] = [];
    const read = coalesced(readManyOf({}, calls, (keys) => keys.includes('b')));
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map(read));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await read('d')).toBeUndefined();
  });
});
