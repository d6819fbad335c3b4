import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL- and cookie-safe: login tokens, session tokens and CSRF tokens. */
export function newConsoleSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a login or session token: its SHA-256, as for API keys. */
export function hashConsoleSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time comparison of two secrets of any length. */
export function sameSecret(offered: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(offered), digest(expected));
}

const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;
export const isWellFormedConsoleSecret = (text: string | undefined): text is string => !!text && WELL_FORMED.test(text);
