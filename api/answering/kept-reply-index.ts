import type { FindInput } from '../../adapters/db/port.ts';

/** Kept-reply keys an index holds at the most; past it, every key may be held until the ones left out expire. */
export const MAX_INDEXED_KEPT_REPLIES = 100_000;

export type KeptReplyIndex = {
  /** Notes a claim of the key at `at` (a later claim already noted stands). */
  note(accountId: string, key: string, at: Date): void;
  /** Whether a claim noted within the key's keep time could hold it: false only for a key known to be free. */
  mayBeHeld(input: FindInput, now: Date): boolean;
};

/**
 * The kept-reply keys claimed within their keep time, as far as this process has been told, and when each was
 * last claimed. A key never noted, or noted longer ago than its keep time, is free. Held in memory up to `maxKeys`:
 * a claim that finds it full is not noted, and until that claim's keep time is over every key may be held.
 */
export function keptReplyIndex(keepMs: number, maxKeys = MAX_INDEXED_KEPT_REPLIES): KeptReplyIndex {
  /** When each key was last claimed, in the order noted (a claim moves its key to the end). */
  const claimedAt = new Map<string, number>();
  /** Until when a claim left out of a full index may hold its key. */
  let fullUntil = -Infinity;
  const id = (accountId: string, key: string) => `${accountId} ${key}`;

  function forgetExpired(now: number) {
    // The oldest noted first, so this stops at the first one still kept.
    for (const [oldest, time] of claimedAt) {
      if (time >= now - keepMs) break;
      claimedAt.delete(oldest);
    }
  }

  return {
    note(accountId, key, at) {
      const keyId = id(accountId, key);
      const time = Math.max(at.getTime(), claimedAt.get(keyId) ?? -Infinity);
      claimedAt.delete(keyId);
      forgetExpired(time);
      if (claimedAt.size >= maxKeys) fullUntil = Math.max(fullUntil, time + keepMs);
      else claimedAt.set(keyId, time);
    },
    mayBeHeld(input, now) {
      if (fullUntil >= now.getTime()) return true;
      const last = claimedAt.get(id(input.accountId, input.key));
      return last !== undefined && last >= input.expiredBefore.getTime();
    },
  };
}
