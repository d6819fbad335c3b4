/** Time as a dependency, so that periods, expiries and backoff are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
