import type { Clock } from '../../adapters/clock.ts';
import type { IdempotencyClaim, IdempotencyStore } from '../../adapters/db/port.ts';

/** How long a claimed request's answer is kept, and after how long an unfinished claim counts as abandoned. */
export type ClaimTerms = { keepMs: number; abandonedAfterMs: number };

/**
 * Claims `key` for one request of an account, in the one store both protocols share: an `Idempotency-Key`, and a
 * lookup's kept reply (`queued:<fingerprint>`). The fingerprint tells the same request from another one.
 */
export function claimRequest(
  store: IdempotencyStore,
  clock: Clock,
  request: { accountId: string; key: string; fingerprint: string },
  terms: ClaimTerms,
): Promise<IdempotencyClaim> {
  const now = clock.now();
  return store.claim({
    accountId: request.accountId,
    key: request.key,
    requestHash: request.fingerprint,
    now,
    expiredBefore: new Date(now.getTime() - terms.keepMs),
    abandonedBefore: new Date(now.getTime() - terms.abandonedAfterMs),
  });
}
