import { describe, expect, it } from 'vitest';
import { keptReplyKey } from './kept-replies.ts';
import { keptReplyIndex } from './kept-reply-index.ts';

const T0 = Date.parse('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(T0 + ms);
const KEEP_MS = 300_000;
const ACCOUNT = 'account-1';

/** A find's input for the key at `now`, as the answering makes it. */
const lookupOf = (key: string, now: Date) => ({
  accountId: ACCOUNT,
  key,
  requestHash: 'h',
  expiredBefore: new Date(now.getTime() - KEEP_MS),
  abandonedBefore: new Date(now.getTime() - 60_000),
});

describe('keptReplyIndex', () => {
  it('holds a noted key for its keep time, by the latest claim noted', () => {
    const index = keptReplyIndex(KEEP_MS);
    const key = keptReplyKey('a');
    index.note(ACCOUNT, key, at(1000));
    index.note(ACCOUNT, key, at(0)); // read back from the store after the later claim: the later one stands
    expect(index.mayBeHeld(lookupOf(key, at(KEEP_MS + 1000)), at(KEEP_MS + 1000))).toBe(true);
    expect(index.mayBeHeld(lookupOf(key, at(KEEP_MS + 1001)), at(KEEP_MS + 1001))).toBe(false);
    expect(index.mayBeHeld({ ...lookupOf(key, at(0)), accountId: 'account-2' }, at(0))).toBe(false);
  });

  it('when full, takes every key to be held until the claim it left out is past its keep time', () => {
    const index = keptReplyIndex(KEEP_MS, 2);
    index.note(ACCOUNT, keptReplyKey('a'), at(0));
    index.note(ACCOUNT, keptReplyKey('b'), at(0));
    const unknown = keptReplyKey('never claimed');
    expect(index.mayBeHeld(lookupOf(unknown, at(1)), at(1))).toBe(false);
    index.note(ACCOUNT, keptReplyKey('c'), at(10)); // not held in memory
    expect(index.mayBeHeld(lookupOf(unknown, at(KEEP_MS + 10)), at(KEEP_MS + 10))).toBe(true);
    expect(index.mayBeHeld(lookupOf(unknown, at(KEEP_MS + 11)), at(KEEP_MS + 11))).toBe(false);
  });

  it('makes room by forgetting the claims past their keep time', () => {
    const index = keptReplyIndex(KEEP_MS, 2);
    index.note(ACCOUNT, keptReplyKey('a'), at(0));
    index.note(ACCOUNT, keptReplyKey('b'), at(0));
    index.note(ACCOUNT, keptReplyKey('c'), at(KEEP_MS + 1));
    const now = at(KEEP_MS + 2);
    expect(index.mayBeHeld(lookupOf(keptReplyKey('c'), now), now)).toBe(true);
    expect(index.mayBeHeld(lookupOf(keptReplyKey('never claimed'), now), now)).toBe(false);
  });
});
