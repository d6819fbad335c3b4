import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../env.ts';
import { Exchange, type ExchangeOptions } from '../answering/exchange.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's answering, from claim to usage (hono's way for a middleware to type what it sets). */
    exchange: Exchange;
  }
}

/**
 * Opens each request's answering (../answering/exchange.ts) for the routes, and finishes it once the answer is
 * made, errors included: the answer kept under its Idempotency-Key, its usage counted.
 */
export function answering(options: ExchangeOptions): MiddlewareHandler<ApiEnv> {
  return async function answeringMiddleware(c, next) {
    const exchange = new Exchange(c, options);
    c.set('exchange', exchange);
    await next();
    await exchange.finish(c.res);
  };
}
