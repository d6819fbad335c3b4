import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../adapters/clock.ts';
import type { IdempotencyStore } from '../../adapters/db/port.ts';
import type { RequestEvent } from '../../schemas/events/operation-requested.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { requestFingerprint } from '../request-fingerprint.ts';

const MAX_KEY_LENGTH = 255;

export type IdempotencyOptions = { store: IdempotencyStore; clock: Clock; ttlHours: number; lockSeconds: number };

/**
 * `Idempotency-Key` on POST, per account: the same key and request replay the first answer; the same key
 * with another request is 422; while the first is still being answered 409. Answers to invalid input (400)
 * and failures (500 and above) are not kept, so that the corrected or retried request can use the key. A failure
 * after the request's event was handed to the bus keeps that event with the key: the retry sends the same event
 * again (the same request and webhook ids, counted once), since the first may be worked all the same.
 */
export function idempotency(options: IdempotencyOptions): MiddlewareHandler<ApiEnv> {
  return async function idempotencyMiddleware(c, next) {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError(400, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
    }
    const accountId = c.get('accountId');
    const requestHash = requestFingerprint(c);
    const now = options.clock.now();
    const claim = await options.store.claim({
      accountId,
      key,
      requestHash,
      now,
      expiredBefore: new Date(now.getTime() - options.ttlHours * 3_600_000),
      abandonedBefore: new Date(now.getTime() - options.lockSeconds * 1000),
    });
    if (claim.kind === 'mismatch') {
      throw new ApiError(422, 'Idempotency-Key was already used with a different request');
    }
    if (claim.kind === 'in-flight') {
      throw new ApiError(409, 'A request with this Idempotency-Key is still being processed', { 'Retry-After': '1' });
    }
    if (claim.kind === 'completed') {
      c.header('Idempotent-Replayed', 'true');
      return c.body(claim.answer.body, claim.answer.status as 200, { 'Content-Type': 'application/json' });
    }
    if (claim.handedOver !== undefined) c.set('handedOverBefore', JSON.parse(claim.handedOver) as RequestEvent);
    await next();
    if (c.res.status === 400 || c.res.status >= 500) {
      const handedOver = c.get('handedOver');
      await options.store.release(accountId, key, handedOver && JSON.stringify(handedOver));
    } else {
      await options.store.complete(accountId, key, { status: c.res.status, body: await c.res.clone().text() });
    }
  };
}
