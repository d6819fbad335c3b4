import type { RateDecision, RateLimiter, RatePolicy } from './port.ts';

type Waiting = { now: Date; settle(decision: Promise<RateDecision>): void };
type Account = { policy: RatePolicy; queued: Waiting[] };

/**
 * Counts the single calls an account makes while its previous count is in flight together, in one hit of
 * that many calls: under load most calls of a busy account share a round trip instead of each paying one
 * (and queueing on the account's counter row). The count stays exact across replicas, because the store
 * still counts atomically; a group the window has no room for is counted again call by call, so that the
 * calls that fit are admitted and only the rest refused, as without grouping. A call that finds nothing in
 * flight is counted at once: grouping adds no wait when there is no load.
 */
export function coalescedRateLimiter(limiter: RateLimiter): RateLimiter {
  const counting = new Map<string, Account>();

  async function countGroup(accountId: string, policy: RatePolicy, group: Waiting[]): Promise<void> {
    const now = group.reduce((latest, waiting) => (waiting.now > latest ? waiting.now : latest), group[0]!.now);
    try {
      const decision = await limiter.hit(accountId, policy, now, group.length);
      // One hit of n calls: the first call of the group gets the most calls left, the last what the hit left.
      if (decision.allowed) group.forEach((waiting, index) => waiting.settle(Promise.resolve({ ...decision, remaining: decision.remaining + group.length - 1 - index })));
      else if (decision.remaining === 0 || group.length === 1) group.forEach((waiting) => waiting.settle(Promise.resolve(decision)));
      else group.forEach((waiting) => waiting.settle(limiter.hit(accountId, policy, waiting.now)));
    } catch (error) {
      group.forEach((waiting) => waiting.settle(Promise.reject(error)));
    }
  }

  /** Counts the queued calls of an account, group after group, until none is left. */
  async function drain(key: string, accountId: string, account: Account): Promise<void> {
    while (account.queued.length > 0) await countGroup(accountId, account.policy, account.queued.splice(0));
    counting.delete(key);
  }

  return {
    hit(accountId, policy, now, calls = 1) {
      if (calls !== 1) return limiter.hit(accountId, policy, now, calls);
      // Calls under another policy (a plan changed a moment ago) are grouped apart.
      const key = `${accountId} ${policy.limit} ${policy.windowSeconds}`;
      return new Promise<RateDecision>((resolve, reject) => {
        const waiting: Waiting = { now, settle: (decision) => decision.then(resolve, reject) };
        const account = counting.get(key);
        if (account) return void account.queued.push(waiting);
        const started: Account = { policy, queued: [waiting] };
        counting.set(key, started);
        void drain(key, accountId, started);
      });
    },
    peek: (accountId, policy, now) => limiter.peek(accountId, policy, now),
  };
}
