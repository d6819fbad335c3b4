import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import type { Clock } from '../../adapters/clock.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Wrong tokens a client address may offer before it waits; each further one doubles the wait. */
export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** An address's failures are forgotten this long after its last one (and at its first right token). */
const FORGET_AFTER_MS = 60 * 60_000;
/** Addresses remembered at most: past that, the longest-quiet ones are forgotten first. */
const MAX_ADDRESSES = 10_000;

type Failures = { count: number; lastAt: number; blockedUntil: number };

/** How long an address waits after its `failures`-th wrong token in a row. */
export const waitAfter = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES), LONGEST_WAIT_MS);

/**
 * What the throttle counts a client address by (the request-client middleware names it: the peer, or behind a
 * trusted proxy the client it forwarded for): an IPv4 address itself, IPv6 by its /64, which one host commonly
 * holds whole.
 */
function throttledAs(client: string): string {
  if (!ipaddr.IPv6.isValid(client)) return client;
  return `${ipaddr.IPv6.parse(client).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * /admin/ takes the operator's admin token as a Bearer token, compared in constant time. Wrong tokens are logged
 * at warn and throttled per client address: after FREE_FAILURES in a row, the address is answered 429 with
 * Retry-After, its token unread, for 1 s, then 2 s, 4 s... up to 15 minutes (docs/decisions.md, "The admin token").
 * A request without an Authorization header is refused without counting: it guesses nothing.
 */
export function adminAuth(options: { adminToken: string; clock: Clock }): MiddlewareHandler<ApiEnv> {
  const expected = digest(options.adminToken);
  const failures = new Map<string, Failures>();

  function forgetOld(now: number) {
    for (const [address, entry] of failures) {
      if (now - entry.lastAt > FORGET_AFTER_MS) failures.delete(address);
    }
    // Entries are re-inserted at each failure, so the first ones are the longest quiet.
    for (const address of failures.keys()) {
      if (failures.size <= MAX_ADDRESSES) break;
      failures.delete(address);
    }
  }

  return async function adminAuthMiddleware(c, next) {
    const now = options.clock.now().getTime();
    const address = throttledAs(c.get('client'));
    const known = failures.get(address);
    if (known && now - known.lastAt > FORGET_AFTER_MS) failures.delete(address);
    const blockedMs = (failures.get(address)?.blockedUntil ?? 0) - now;
    if (blockedMs > 0) {
      const seconds = Math.ceil(blockedMs / 1000);
      throw new ApiError(429, `Too many wrong admin tokens from this address; retry in ${seconds} s`, { 'Retry-After': String(seconds) });
    }
    const header = c.req.header('authorization');
    const offered = /^Bearer ([^\s]+)$/.exec(header ?? '')?.[1];
    if (offered && timingSafeEqual(digest(offered), expected)) {
      failures.delete(address);
      return next();
    }
    if (header !== undefined) {
      const count = (failures.get(address)?.count ?? 0) + 1;
      const waitMs = waitAfter(count);
      failures.delete(address);
      failures.set(address, { count, lastAt: now, blockedUntil: now + waitMs });
      if (failures.size > MAX_ADDRESSES) forgetOld(now);
      // The request's logger names the client already, as its access line does.
      c.get('log')?.warn({ failures: count, ...(waitMs > 0 && { waitSeconds: Math.ceil(waitMs / 1000) }) }, 'wrong admin token');
    }
    throw new ApiError(401, 'Admin token missing or invalid');
  };
}
