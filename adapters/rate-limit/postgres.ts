import type { SqlClient } from '../db/sql-client.ts';
import { rateState, windowEnd } from './fixed-window.ts';
import type { RateLimiter, RatePolicy } from './port.ts';

type WindowRow = { hits: number; window_end: Date };

/**
 * The counters in PostgreSQL, shared by every ingress replica: one row per account, counted by a single
 * atomic upsert, so a call costs one round trip and concurrent replicas never admit more than the limit.
 */
export function postgresRateLimiter(db: SqlClient): RateLimiter {
  async function peek(accountId: string, policy: RatePolicy, now: Date) {
    const [row] = await db.query<WindowRow>(
      'SELECT hits, window_end FROM rate_limits WHERE account_id = $1 AND window_end > $2',
      [accountId, now],
    );
    return rateState(policy, row?.hits ?? 0, row?.window_end ?? windowEnd(now, policy.windowSeconds), now);
  }

  return {
    async hit(accountId, policy, now, calls = 1) {
      // More than a whole window allows: refused without a write (the insert below would admit them).
      if (calls > policy.limit) return { allowed: false, ...(await peek(accountId, policy, now)) };
      const end = windowEnd(now, policy.windowSeconds);
      // A row whose window has ended starts over at this call's window. A row whose window is still
      // running (possibly one a replica with a clock slightly ahead started) counts the call when it has
      // room; a full one is left untouched and returns no row.
      const [counted] = await db.query<WindowRow>(
        `INSERT INTO rate_limits AS r (account_id, window_end, hits) VALUES ($1, $2, $5)
         ON CONFLICT (account_id) DO UPDATE
           SET hits = CASE WHEN r.window_end > $3 THEN r.hits + $5 ELSE $5 END,
               window_end = CASE WHEN r.window_end > $3 THEN r.window_end ELSE EXCLUDED.window_end END
           WHERE r.window_end <= $3 OR r.hits + $5 <= $4
         RETURNING hits, window_end`,
        [accountId, end, now, policy.limit, calls],
      );
      // Refused: where the window stands (a batch may be refused with calls still left).
      if (!counted) return { allowed: false, ...(await peek(accountId, policy, now)) };
      return { allowed: true, ...rateState(policy, counted.hits, counted.window_end, now) };
    },
    peek,
  };
}
