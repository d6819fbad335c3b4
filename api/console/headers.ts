import type { MiddlewareHandler } from 'hono';

/**
 * Every console answer: never cached (pages show keys and secrets), never framed, no Referer (the sign-in
 * page's address holds a login token), and only the console's own stylesheet and script may run.
 */
export function consoleHeaders(): MiddlewareHandler {
  return async function consoleHeadersMiddleware(c, next) {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
  };
}
