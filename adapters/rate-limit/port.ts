/** Calls allowed per window and the window's length: an account's plan and the configured window. */
export type RatePolicy = { limit: number; windowSeconds: number };

/** Where an account stands in its current window. */
export type RateState = {
  limit: number;
  /** Calls left in the current window. */
  remaining: number;
  /** Whole seconds from now until the window ends, when `remaining` returns to `limit` (at least 1). */
  resetSeconds: number;
};

export type RateDecision = RateState & { allowed: boolean };

/**
 * Counts calls per account in fixed windows aligned to the Unix epoch (a 60 s window runs from one full
 * minute to the next), the same windows for every account and every process sharing the store.
 */
export interface RateLimiter {
  /** Counts `calls` calls (default 1) when the window has room for all of them; refused calls are not counted. */
  hit(accountId: string, policy: RatePolicy, now: Date, calls?: number): Promise<RateDecision>;
  /** Where the account stands, counting nothing (for operations exempt from the limit). */
  peek(accountId: string, policy: RatePolicy, now: Date): Promise<RateState>;
}
