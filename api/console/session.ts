import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Clock } from '../../adapters/clock.ts';
import type { ConsoleHolder, ConsoleSessionStore } from '../../adapters/db/port.ts';
import { actingFor } from '../middleware/request-id.ts';
import type { ConsoleEnv, OperatorEnv, SignedInEnv } from './env.ts';
import { notAnAccountPage, operatorOnlyPage } from './pages/problem.tsx';
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

/** Opens a session for the account's user or the operator, and sets its cookie. */
export async function startSession(c: Context, options: SessionOptions, holder: ConsoleHolder): Promise<void> {
  const token = newConsoleSecret();
  const now = options.clock.now();
  await options.store.createSession({
    tokenHash: hashConsoleSecret(token),
    holder,
    csrfToken: newConsoleSecret(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + options.sessionMs),
  });
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, options, Math.floor(options.sessionMs / 1000)));
}

/** Ends the request's session, in the database and in the browser. */
export async function endSession<E extends SignedInEnv>(c: Context<E>, options: SessionOptions): Promise<void> {
  await options.store.deleteSession(c.get('session').tokenHash);
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c, options));
}

/** The request's live session with the hash of its token; undefined when there is none (no cookie, unknown, expired). */
async function liveSession(c: Context, options: SessionOptions) {
  const token = getCookie(c, SESSION_COOKIE);
  const tokenHash = isWellFormedConsoleSecret(token) ? hashConsoleSecret(token) : undefined;
  const session = tokenHash && (await options.store.findSession(tokenHash, options.clock.now()));
  return tokenHash && session ? { ...session, tokenHash } : undefined;
}

const toSignIn = (c: Context) => c.redirect('/console/sign-in', 303);

/**
 * Requires a live session of an account's user: sets `session`, or sends the browser to the sign-in page; the
 * operator's session is refused (403): it has no account to act as.
 */
export function consoleSession(options: SessionOptions): MiddlewareHandler<ConsoleEnv> {
  return async function consoleSessionMiddleware(c, next) {
    const session = await liveSession(c, options);
    if (!session) return toSignIn(c);
    if (session.holder.kind !== 'account') return notAnAccountPage(c, session.csrfToken);
    c.set('session', { accountId: session.holder.accountId, csrfToken: session.csrfToken, tokenHash: session.tokenHash });
    actingFor(c, session.holder.accountId);
    await next();
  };
}

/**
 * Requires a live session of the operator: sets `session`, or sends the browser to the sign-in page; an account's
 * session is refused (403): the operator's pages show Kith's own data, which is no account's.
 */
export function operatorSession(options: SessionOptions): MiddlewareHandler<OperatorEnv> {
  return async function operatorSessionMiddleware(c, next) {
    const session = await liveSession(c, options);
    if (!session) return toSignIn(c);
    if (session.holder.kind !== 'operator') return operatorOnlyPage(c, session.csrfToken);
    c.set('session', { operator: true, csrfToken: session.csrfToken, tokenHash: session.tokenHash });
    c.get('log').setBindings({ operator: true });
    await next();
  };
}

/** Requires a live session of whoever holds it (signing out): sets `session`, or sends the browser to the sign-in page. */
export function anySession(options: SessionOptions): MiddlewareHandler<SignedInEnv> {
  return async function anySessionMiddleware(c, next) {
    const session = await liveSession(c, options);
    if (!session) return toSignIn(c);
    c.set('session', { csrfToken: session.csrfToken, tokenHash: session.tokenHash });
    await next();
  };
}
