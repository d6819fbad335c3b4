import type { Clock } from '../../adapters/clock.ts';
import type { ConsoleHolder, ConsoleSessionStore } from '../../adapters/db/port.ts';
import { hashConsoleSecret, newConsoleSecret } from './secrets.ts';

export type LoginLink = { url: string; expiresAt: string };

/**
 * Makes a one-time login link for an account's user or for the operator: a random token (only its hash stored) in
 * the query of `<base>/console/sign-in`, good for one sign-in within `ttlMs`.
 */
export async function createLoginLink(
  options: { store: ConsoleSessionStore; clock: Clock; ttlMs: number; baseUrl: string },
  holder: ConsoleHolder,
): Promise<LoginLink> {
  const token = newConsoleSecret();
  const expiresAt = new Date(options.clock.now().getTime() + options.ttlMs);
  await options.store.createLoginToken({ tokenHash: hashConsoleSecret(token), holder, expiresAt });
  const url = new URL('/console/sign-in', options.baseUrl);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}
