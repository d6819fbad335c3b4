import { rateState, windowEnd } from './fixed-window.ts';
import type { RateLimiter } from './port.ts';

/**
 * The counters in this process: for a single process (embedded mode), so that the database is not written
 * on every request. One entry per account, replaced when its window has ended.
 */
export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { end: Date; hits: number }>();

  function current(accountId: string, now: Date) {
    const window = windows.get(accountId);
    return window && window.end > now ? window : undefined;
  }

  return {
    async hit(accountId, policy, now, calls = 1) {
      let window = current(accountId, now);
      if (!window) {
        window = { end: windowEnd(now, policy.windowSeconds), hits: 0 };
        windows.set(accountId, window);
      }
      const allowed = window.hits + calls <= policy.limit;
      if (allowed) window.hits += calls;
      return { allowed, ...rateState(policy, window.hits, window.end, now) };
    },
    async peek(accountId, policy, now) {
      const window = current(accountId, now);
      return rateState(policy, window?.hits ?? 0, window?.end ?? windowEnd(now, policy.windowSeconds), now);
    },
  };
}
