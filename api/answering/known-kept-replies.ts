import type { Clock } from '../../adapters/clock.ts';
import type { IdempotencyStore } from '../../adapters/db/port.ts';
import { keptReplyIndex } from './kept-reply-index.ts';
import { isKeptReplyKey, KEPT_REPLY_PREFIX } from './kept-replies.ts';

export type KnownKeptRepliesOptions = {
  /** How long a kept-reply key stays held after its claim (its reply's keep time). */
  keepMs: number;
  clock: Clock;
  /**
   * How old the last read of every writer's claims may be when a lookup relies on it; Infinity for a process that
   * is its database's only writer (the embedded mode), which reads them once.
   */
  readAgainAfterMs: number;
  /** How far back before the last read began each read goes: for claims stamped by a clock behind this one. */
  overlapMs: number;
};

/**
 * The store, without the read of a kept-reply key known to be free. Every lookup reads its kept-reply key, since a
 * retry after a 202 looks like a first call (./kept-replies.ts), but a key is held only once a lookup of it went past
 * its deadline and claimed it, which is rare. So this process notes its own claims, reads every writer's recent
 * claims (IdempotencyStore.claimedKeys) when its last read is older than `readAgainAfterMs`, and reads a key from
 * the store only if a claim of it was noted within its keep time.
 *
 * For the only writer that is exact. With other writers (ingress replicas), a retry that comes to this replica
 * within `readAgainAfterMs` of another replica's claim may find it unnoted: the lookup is then worked again and
 * answered as a first call would be (docs/decisions.md, "The synchronous deadline"). A failed read of the claims
 * leaves each lookup to read its own key.
 */
export function knownKeptReplies(store: IdempotencyStore, options: KnownKeptRepliesOptions): IdempotencyStore {
  const index = keptReplyIndex(options.keepMs);
  /** When the last read of the claims began. */
  let lastReadAt: number | undefined;
  let reading: Promise<void> | undefined;

  async function readClaims() {
    const startedAt = options.clock.now().getTime();
    const since = lastReadAt === undefined ? startedAt - options.keepMs : lastReadAt - options.overlapMs;
    const claims = await store.claimedKeys(KEPT_REPLY_PREFIX, new Date(since));
    for (const claim of claims.sort((a, b) => a.claimedAt.getTime() - b.claimedAt.getTime())) {
      index.note(claim.accountId, claim.key, claim.claimedAt);
    }
    lastReadAt = startedAt;
  }

  /** Resolves once the claims read are recent enough, reading them (once for every caller) if they are not. */
  function claimsRead(now: Date): Promise<void> | undefined {
    if (lastReadAt !== undefined && now.getTime() - lastReadAt <= options.readAgainAfterMs) return undefined;
    return (reading ??= readClaims().finally(() => (reading = undefined)));
  }

  return {
    ...store,
    claim(input) {
      if (isKeptReplyKey(input.key)) index.note(input.accountId, input.key, input.now);
      return store.claim(input);
    },
    async find(input) {
      if (!isKeptReplyKey(input.key)) return store.find(input);
      const now = options.clock.now();
      // Waited for only when a read is due: the usual lookup goes on in the same turn.
      const due = claimsRead(now);
      if (due) {
        try {
          await due;
        } catch {
          return store.find(input);
        }
      }
      return index.mayBeHeld(input, now) ? store.find(input) : undefined;
    },
  };
}
