import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { RetryableError } from '../adapters/errors.ts';
import { echoed } from '../schemas/echoed.ts';
import type { ErrorBody } from '../schemas/errors.ts';
import type { ApiEnv } from './env.ts';

/** An error answer with its status; thrown anywhere in the request edge and turned into JSON by onError. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(c: Context<ApiEnv>, status: number, message: string): ErrorBody {
  const requestId = c.get('requestId');
  return requestId ? { status, message, requestId } : { status, message };
}

/**
 * The one error handler: known errors get their status, an unavailable dependency (the bus, the database)
 * 503 with Retry-After, anything else a logged, generic 500.
 */
export function onError(error: Error, c: Context<ApiEnv>): Response {
  if (error instanceof ApiError) {
    return c.json(errorBody(c, error.status, error.message), error.status, error.headers);
  }
  if (error instanceof RetryableError) {
    c.get('log')?.warn({ err: error }, 'dependency unavailable');
    return c.json(errorBody(c, 503, 'Service temporarily unavailable; please retry'), 503, { 'Retry-After': '1' });
  }
  if (error instanceof HTTPException) {
    return c.json(errorBody(c, error.status, error.message || 'Request failed'), error.status);
  }
  c.get('log')?.error({ err: error }, 'unhandled error');
  return c.json(errorBody(c, 500, 'Internal server error'), 500);
}

export function onNotFound(c: Context<ApiEnv>): Response {
  return c.json(errorBody(c, 404, `No such endpoint: ${c.req.method} ${echoed(c.req.path)}`), 404);
}
