import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Clock } from '../../adapters/clock.ts';
import type { ConsoleSessionStore } from '../../adapters/db/port.ts';
import { actingFor } from '../middleware/request-id.ts';
import type { ConsoleEnv } from './env.ts';
import { hashConsoleSecret, isWellFormedConsoleSecret, newConsoleSecret } from './secrets.ts';

export const SESSION_COOKIE = 'kith_console';

export type SessionOptions = { store: ConsoleSessionStore; clock: Clock; sessionMs: number; secureCookies: (c: Context) => boolean };

/** Secure when the console is reached over https (or its public address is https); HttpOnly and SameSite=Strict always. */
function cookieOptions(c: Context, options: SessionOptions, maxAgeSeconds?: number) {
  return {
    path: '/console',
    httpOnly: true,
    sameSite: 'Strict' as const,
    secure: options.secureCookies(c),
    ...(maxAgeSeconds !== undefined && { maxAge: maxAgeSeconds }),
  };
}

/** Opens a session for the account and sets its cookie. */
export async function startSession(c: Context, options: SessionOptions, accountId: string): Promise<void> {
  const token = newConsoleSecret();
  const now = options.clock.now();
  await options.store.createSession({
    tokenHash: hashConsoleSecret(token),
    accountId,
    csrfToken: newConsoleSecret(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + options.sessionMs),
  });
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, options, Math.floor(options.sessionMs / 1000)));
}

/** Ends the request's session, in the database and in the browser. */
export async function endSession(c: Context<ConsoleEnv>, options: SessionOptions): Promise<void> {
  await options.store.deleteSession(c.get('session').tokenHash);
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c, options));
}

/** Requires a live session: sets `session`, or sends the browser to the sign-in page. */
export function consoleSession(options: SessionOptions): MiddlewareHandler<ConsoleEnv> {
  return async function consoleSessionMiddleware(c, next) {
    const token = getCookie(c, SESSION_COOKIE);
    const tokenHash = isWellFormedConsoleSecret(token) ? hashConsoleSecret(token) : undefined;
    const session = tokenHash && (await options.store.findSession(tokenHash, options.clock.now()));
    if (!tokenHash || !session) return c.redirect('/console/sign-in', 303);
    c.set('session', { accountId: session.accountId, csrfToken: session.csrfToken, tokenHash });
    actingFor(c, session.accountId);
    await next();
  };
}
