import { rateState, windowEnd } from './fixed-window.ts';
import type { RatePolicy, RateState } from './port.ts';

/** The most calls counted ahead at once. */
const MOST_AHEAD = 32;
/** Calls counted ahead are at most this share of what the window had left: fewer near the limit, none under 16 left. */
const SHARE_AHEAD = 1 / 16;

/**
 * Calls counted ahead in the shared store and not made yet, for one account and policy in one window: `left` of
 * them, and `remainingAfter`, what the store's count had left once they were counted.
 */
type Spare = { windowEnd: Date; left: number; remainingAfter: number };

/**
 * The calls this process has counted ahead, by account and policy (./coalesced.ts counts them with a group of
 * calls, and admits the next calls from them without a round trip to the store). Pure bookkeeping: it never
 * calls the store.
 */
export function spareCalls() {
  const spares = new Map<string, Spare>();
  /** Until when no entry of an ended window needs sweeping: accounts that stopped calling leave none behind. */
  let sweptUntil = new Date(0);

  function sweep(now: Date, windowSeconds: number) {
    if (now < sweptUntil) return;
    for (const [key, spare] of spares) if (spare.windowEnd <= now) spares.delete(key);
    sweptUntil = windowEnd(now, windowSeconds);
  }

  function current(key: string, now: Date): Spare | undefined {
    const spare = spares.get(key);
    if (spare && spare.windowEnd <= now) spares.delete(key);
    return spare && spare.windowEnd > now ? spare : undefined;
  }

  return {
    /** Takes up to `calls` of the calls counted ahead; answers how many it took. */
    take(key: string, now: Date, calls: number): number {
      const spare = current(key, now);
      const taken = Math.min(calls, spare?.left ?? 0);
      if (spare) spare.left -= taken;
      return taken;
    },

    /** Where the account stands as this process sees it: what the store had left at the last count, plus the calls counted ahead and not made. */
    standing(key: string, policy: RatePolicy, now: Date): RateState | undefined {
      const spare = current(key, now);
      if (!spare) return undefined;
      return rateState(policy, policy.limit - spare.remainingAfter - spare.left, spare.windowEnd, now);
    },

    /** Puts back calls taken for a batch the store then refused. */
    giveBack(key: string, now: Date, calls: number): void {
      const spare = current(key, now);
      if (spare) spare.left += calls;
    },

    /** How many calls to count ahead with the next group: a share of what the window had left at the last count. */
    wanted(key: string, now: Date): number {
      const spare = current(key, now);
      return spare ? Math.min(MOST_AHEAD, Math.floor(spare.remainingAfter * SHARE_AHEAD)) : 0;
    },

    /**
     * Adds `ahead` calls counted ahead by a count that left `remainingAfter` in the store (none: keeps only that,
     * for the next group's share).
     */
    keep(key: string, now: Date, windowSeconds: number, ahead: number, remainingAfter: number): void {
      sweep(now, windowSeconds);
      const left = (current(key, now)?.left ?? 0) + ahead;
      spares.set(key, { windowEnd: windowEnd(now, windowSeconds), left, remainingAfter });
    },

    /** Calls counted ahead and not made yet: the store's count is short of the account's by as many. */
    unmade(key: string, now: Date): number {
      return current(key, now)?.left ?? 0;
    },
  };
}
