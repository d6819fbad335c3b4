import type { MiddlewareHandler } from 'hono';
import type { SignedInEnv } from './env.ts';
import { sameSecret } from './secrets.ts';

export const CSRF_FIELD = '_csrf';

/**
 * Synchronizer-token CSRF check: every POST of a signed-in session must carry the session's token in the
 * `_csrf` form field (the pages put it in a hidden field); anything else is refused with 403 before the
 * handler runs. The parsed form is left on the request for the handler (`c.req.parseBody()` caches it).
 */
export function csrfProtection<E extends SignedInEnv = SignedInEnv>(): MiddlewareHandler<E> {
  return async function csrfProtectionMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const offered = form[CSRF_FIELD];
    if (typeof offered !== 'string' || !sameSecret(offered, c.get('session').csrfToken)) {
      return c.text('This form has expired or did not come from the console: go back, reload the page and try again.', 403);
    }
    await next();
  };
}
