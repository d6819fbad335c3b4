import type { ClaimedKey, FindInput, IdempotencyStore } from '../../adapters/db/port.ts';
import { KEPT_REPLY_PREFIX } from './kept-replies.ts';

export type SoleWriterOptions = {
  /** How long a kept-reply key stays held after its claim (its reply's keep time). */
  keepMs: number;
  /** The kept-reply keys claimed within `keepMs` before this process started (IdempotencyStore.claimedKeys). */
  heldAtStart: ClaimedKey[];
};

const isKeptReplyKey = (key: string) => key.startsWith(KEPT_REPLY_PREFIX);

/**
 * The store, for a process that is its only writer (the embedded mode), without the read of a kept-reply key
 * that cannot be held. Every lookup reads its kept-reply key, since a retry after a 202 looks like a first call
 * (./kept-replies.ts), but a key is held only once a lookup of it went past its deadline and claimed it: by this
 * process, which notes its claims here, or before it started (`heldAtStart`). A key neither claimed since start nor
 * held at start within its keep time is free, as the store would answer, and is not read: on PGlite that read was
 * one of the two statements of a person.enrich (bench/README.md).
 */
export function soleWriterKeptReplies(store: IdempotencyStore, options: SoleWriterOptions): IdempotencyStore {
  /** When each kept-reply key was last claimed, oldest first (a claim moves its key to the end). */
  const claimedAt = new Map<string, number>();
  const id = (accountId: string, key: string) => `${accountId} ${key}`;
  const note = (accountId: string, key: string, at: Date) => {
    const keyId = id(accountId, key);
    claimedAt.delete(keyId);
    claimedAt.set(keyId, at.getTime());
    // Forget the claims past their keep time: the oldest first, so this stops at the first one still kept.
    for (const [oldest, time] of claimedAt) {
      if (time >= at.getTime() - options.keepMs) break;
      claimedAt.delete(oldest);
    }
  };
  /** Whether a claim of the key within its keep time could hold it (any other key: the store tells). */
  const mayBeHeld = (input: FindInput) => {
    if (!isKeptReplyKey(input.key)) return true;
    const last = claimedAt.get(id(input.accountId, input.key));
    return last !== undefined && last >= input.expiredBefore.getTime();
  };
  for (const held of [...options.heldAtStart].sort((a, b) => a.claimedAt.getTime() - b.claimedAt.getTime())) {
    note(held.accountId, held.key, held.claimedAt);
  }

  return {
    ...store,
    claim(input) {
      if (isKeptReplyKey(input.key)) note(input.accountId, input.key, input.now);
      return store.claim(input);
    },
    find: (input) => (mayBeHeld(input) ? store.find(input) : Promise.resolve(undefined)),
  };
}
