import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** /admin/ takes the operator's admin token as a Bearer token, compared in constant time. */
export function adminAuth(options: { adminToken: string }): MiddlewareHandler<ApiEnv> {
  const expected = digest(options.adminToken);
  return async function adminAuthMiddleware(c, next) {
    const offered = /^Bearer ([^\s]+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!offered || !timingSafeEqual(digest(offered), expected)) {
      throw new ApiError(401, 'Admin token missing or invalid');
    }
    await next();
  };
}
