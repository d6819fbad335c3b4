import type { RateDecision, RateLimiter, RatePolicy } from './port.ts';
import { spareCalls } from './spare-calls.ts';

type Waiting = { now: Date; settle(decision: Promise<RateDecision>): void };
type Account = { policy: RatePolicy; queued: Waiting[] };

const latestOf = (group: Waiting[]) => group.reduce((latest, waiting) => (waiting.now > latest ? waiting.now : latest), group[0]!.now);

/**
 * Counts the single calls an account makes while its previous count is in flight together, in one hit of
 * that many calls: under load most calls of a busy account share a round trip instead of each paying one
 * (and queueing on the account's counter row). A group also counts a few calls ahead (./spare-calls.ts: a
 * sixteenth of what the window had left, at most 32), and the calls after it are admitted from those without
 * a round trip at all. The count stays exact across replicas, because the store still counts atomically and
 * a call counted ahead is counted before it is made: replicas together never admit more than the limit, and
 * fewer only by the calls counted ahead that a process had not made when the window ended. A group the window
 * has no room for is counted again without calls ahead, then call by call, so that the calls that fit are
 * admitted and only the rest refused, as without grouping. A call that finds nothing in flight is counted at
 * once: grouping adds no wait when there is no load.
 */
export function coalescedRateLimiter(limiter: RateLimiter): RateLimiter {
  const counting = new Map<string, Account>();
  const spares = spareCalls();
  // Calls under another policy (a plan changed a moment ago) are grouped and counted ahead apart.
  const keyOf = (accountId: string, policy: RatePolicy) => `${accountId} ${policy.limit} ${policy.windowSeconds}`;

  /** Admits from the calls counted ahead those of the group it has room for; answers the rest. */
  function admitFromSpares(key: string, policy: RatePolicy, group: Waiting[]): Waiting[] {
    return group.filter((waiting) => {
      const admitted = spares.take(key, waiting.now, 1) === 1;
      if (admitted) waiting.settle(Promise.resolve({ allowed: true, ...spares.standing(key, policy, waiting.now)! }));
      return !admitted;
    });
  }

  async function countGroup(key: string, accountId: string, policy: RatePolicy, queued: Waiting[]): Promise<void> {
    const group = admitFromSpares(key, policy, queued);
    if (group.length === 0) return;
    const now = latestOf(group);
    try {
      let ahead = spares.wanted(key, now);
      let decision = await limiter.hit(accountId, policy, now, group.length + ahead);
      if (!decision.allowed && ahead > 0) {
        ahead = 0;
        decision = await limiter.hit(accountId, policy, now, group.length);
      }
      spares.keep(key, now, policy.windowSeconds, decision.allowed ? ahead : 0, decision.remaining);
      // One hit of n calls: the first call of the group gets the most calls left, the last what the hit left.
      if (decision.allowed) group.forEach((waiting, index) => waiting.settle(Promise.resolve({ ...decision, remaining: decision.remaining + ahead + group.length - 1 - index })));
      else if (decision.remaining === 0 || group.length === 1) group.forEach((waiting) => waiting.settle(Promise.resolve(decision)));
      else group.forEach((waiting) => waiting.settle(limiter.hit(accountId, policy, waiting.now)));
    } catch (error) {
      group.forEach((waiting) => waiting.settle(Promise.reject(error)));
    }
  }

  /** A batch: takes what it can of the calls counted ahead, and counts the rest in the store (giving them back if refused). */
  async function countBatch(accountId: string, policy: RatePolicy, now: Date, calls: number): Promise<RateDecision> {
    const key = keyOf(accountId, policy);
    const taken = spares.take(key, now, calls);
    if (taken > 0 && taken === calls) return { allowed: true, ...spares.standing(key, policy, now)! };
    const decision = await limiter.hit(accountId, policy, now, calls - taken).catch((error: unknown) => {
      spares.giveBack(key, now, taken);
      throw error;
    });
    if (!decision.allowed) spares.giveBack(key, now, taken);
    return withUnmade(key, now, decision, policy);
  }

  /** What the store says the account has left, plus the calls this process counted ahead and has not made. */
  function withUnmade<T extends { remaining: number }>(key: string, now: Date, state: T, policy: RatePolicy): T {
    return { ...state, remaining: Math.min(policy.limit, state.remaining + spares.unmade(key, now)) };
  }

  /** Counts the queued calls of an account, group after group, until none is left. */
  async function drain(key: string, accountId: string, account: Account): Promise<void> {
    while (account.queued.length > 0) await countGroup(key, accountId, account.policy, account.queued.splice(0));
    counting.delete(key);
  }

  return {
    hit(accountId, policy, now, calls = 1) {
      if (calls !== 1) return countBatch(accountId, policy, now, calls);
      const key = keyOf(accountId, policy);
      return new Promise<RateDecision>((resolve, reject) => {
        const waiting: Waiting = { now, settle: (decision) => decision.then(resolve, reject) };
        const account = counting.get(key);
        if (account) return void account.queued.push(waiting);
        if (admitFromSpares(key, policy, [waiting]).length === 0) return;
        const started: Account = { policy, queued: [waiting] };
        counting.set(key, started);
        void drain(key, accountId, started);
      });
    },
    async peek(accountId, policy, now) {
      return withUnmade(keyOf(accountId, policy), now, await limiter.peek(accountId, policy, now), policy);
    },
  };
}
