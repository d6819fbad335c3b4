import type { IdempotencyStore } from '../../adapters/db/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import type { PendingReply } from '../../adapters/replies/port.ts';

export type LateReplies = ReturnType<typeof lateReplies>;

/**
 * The replies of lookups answered 202 "queued, retry" (./kept-replies.ts): each is awaited past the caller's
 * deadline, up to `waitMs`, and kept under the lookup's claimed key for the retry; a failure, or none by then,
 * releases the key so that the retry sends the lookup again. `drain` (clean stop) stops waiting and releases
 * the keys of the replies still to come.
 */
export function lateReplies(options: { store: IdempotencyStore; waitMs: number; log: Logger }) {
  const waiting = new Set<PendingReply>();
  const keeping = new Set<Promise<void>>();

  async function keepWhenItComes(accountId: string, key: string, pending: PendingReply) {
    waiting.add(pending);
    const reply = await pending.wait(options.waitMs);
    pending.forget();
    waiting.delete(pending);
    if (reply && reply.status < 500) await options.store.complete(accountId, key, { status: reply.status, body: reply.json ?? JSON.stringify(reply.body) });
    else await options.store.release(accountId, key);
  }

  return {
    keep(accountId: string, key: string, pending: PendingReply): void {
      const kept = keepWhenItComes(accountId, key, pending)
        .catch((error: unknown) => options.log.warn({ err: error }, 'a late reply could not be kept; the retry will send its lookup again'))
        .finally(() => keeping.delete(kept));
      keeping.add(kept);
    },
    async drain(): Promise<void> {
      for (const pending of waiting) pending.forget();
      await Promise.all(keeping);
    },
  };
}
