import type { RatePolicy, RateState } from './port.ts';

/** The end of the fixed window holding `now`: the next multiple of the window length since the epoch. */
export function windowEnd(now: Date, windowSeconds: number): Date {
  const length = windowSeconds * 1000;
  return new Date((Math.floor(now.getTime() / length) + 1) * length);
}

/** The state after `hits` calls in the window ending at `end`. */
export function rateState(policy: RatePolicy, hits: number, end: Date, now: Date): RateState {
  return {
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - hits),
    resetSeconds: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)),
  };
}
