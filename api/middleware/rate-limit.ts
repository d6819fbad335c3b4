import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../../adapters/clock.ts';
import type { RateDecision, RateLimiter, RateState } from '../../adapters/rate-limit/port.ts';
import type { ApiEnv } from '../env.ts';
import { operationName } from '../operation-name.ts';
import { ApiError } from '../errors.ts';

export type RateLimitOptions = {
  limiter: RateLimiter;
  clock: Clock;
  windowSeconds: number;
  /** Operations (the last path segment, `audience.download`) that are not counted. */
  exempt: ReadonlySet<string>;
  /**
   * How many calls a batch's request counts (the requests its body holds), read from the body; undefined for any other
   * request. Asked only when the window refuses the call, whose body is not read otherwise.
   */
  batchCalls?: (c: Context<ApiEnv>) => Promise<number | undefined>;
};

/** The legacy `X-Rate-Limit-*` trio and the IETF draft's `RateLimit-Policy` and `RateLimit` pair. */
function rateLimitHeaders(state: RateState, windowSeconds: number): Record<string, string> {
  return {
    'X-Rate-Limit-Limit': String(state.limit),
    'X-Rate-Limit-Remaining': String(state.remaining),
    'X-Rate-Limit-Reset': String(state.resetSeconds),
    'RateLimit-Policy': `"default";q=${state.limit};w=${windowSeconds}`,
    RateLimit: `"default";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

/**
 * The account's plan allows `rateLimit` calls per fixed window; a call over it answers 403 with
 * `Retry-After` and never reaches the operation. A batch that counts more calls than the whole window holds
 * answers 400 without `Retry-After`, whatever the window has left, spent included: waiting would not help. Runs after
 * authentication (which sets the account and its limit), so unauthenticated calls count against no one. Every answer,
 * errors included, carries the headers.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<ApiEnv> {
  const { limiter, clock, windowSeconds, exempt } = options;
  return async function rateLimitMiddleware(c, next) {
    const accountId = c.get('accountId');
    const policy = { limit: c.get('rateLimit'), windowSeconds };
    const now = clock.now();
    const operation = operationName(c.req.path);
    const refusal = (decision: RateDecision, message: string) => {
      const retryAfter = String(decision.resetSeconds);
      return new ApiError(403, `Rate limit exceeded: ${message}; retry in ${retryAfter} seconds`, {
        ...rateLimitHeaders(decision, windowSeconds),
        'Retry-After': retryAfter,
      });
    };
    // No wait makes room for more than the whole window: saying so spares the caller retrying it forever.
    const largerThanWindow = (calls: number, state: RateState) =>
      new ApiError(
        400,
        `Invalid request: requests: this batch counts ${calls} calls and the plan allows ${policy.limit} per ${windowSeconds} seconds: send at most ${policy.limit} requests a batch`,
        rateLimitHeaders(state, windowSeconds),
      );
    let state: RateState;
    if (exempt.has(operation)) {
      state = await limiter.peek(accountId, policy, now);
    } else {
      const decision = await limiter.hit(accountId, policy, now);
      if (!decision.allowed) {
        // A batch is measured against the whole window before the window's state refuses it: the size is the reason.
        const calls = await options.batchCalls?.(c);
        if (calls !== undefined && calls > policy.limit) throw largerThanWindow(calls, decision);
        throw refusal(decision, `${policy.limit} calls per ${windowSeconds} seconds`);
      }
      state = decision;
      c.set('chargeCalls', async (calls) => {
        if (calls + 1 > policy.limit) throw largerThanWindow(calls + 1, decision);
        const more = await limiter.hit(accountId, policy, clock.now(), calls);
        state = more;
        if (!more.allowed) {
          throw refusal(more, `this request counts ${calls + 1} calls and ${more.remaining + 1} were left of ${policy.limit} per ${windowSeconds} seconds`);
        }
      });
    }
    // Set on the answer once it exists, so that answers made by the error handler carry them too; on its
    // headers, since c.header() on a finished answer copies the whole Response, once per header.
    await next();
    for (const [name, value] of Object.entries(rateLimitHeaders(state, windowSeconds))) c.res.headers.set(name, value);
  };
}
