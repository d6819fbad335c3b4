import type { Clock } from '../../adapters/clock.ts';
import type { ClaimInput, HeldClaim, IdempotencyClaim, IdempotencyStore } from '../../adapters/db/port.ts';

/** How long a claimed request's answer is kept, and after how long an unfinished claim counts as abandoned. */
export type ClaimTerms = { keepMs: number; abandonedAfterMs: number };

type ClaimedRequest = { accountId: string; key: string; fingerprint: string };

function claimInput(clock: Clock, request: ClaimedRequest, terms: ClaimTerms): ClaimInput {
  const now = clock.now();
  return {
    accountId: request.accountId,
    key: request.key,
    requestHash: request.fingerprint,
    now,
    expiredBefore: new Date(now.getTime() - terms.keepMs),
    abandonedBefore: new Date(now.getTime() - terms.abandonedAfterMs),
  };
}

/**
 * Claims `key` for one request of an account, in the one store both protocols share: an `Idempotency-Key`, and a
 * lookup's kept reply (`queued:<fingerprint>`). The fingerprint tells the same request from another one.
 */
export function claimRequest(store: IdempotencyStore, clock: Clock, request: ClaimedRequest, terms: ClaimTerms): Promise<IdempotencyClaim> {
  return store.claim(claimInput(clock, request, terms));
}

/** What holds `key` for the request (its kept answer, a claim in flight), without claiming it: undefined if free. */
export function findClaim(store: IdempotencyStore, clock: Clock, request: ClaimedRequest, terms: ClaimTerms): Promise<HeldClaim | undefined> {
  return store.find(claimInput(clock, request, terms));
}
