import type { Clock } from '../adapters/clock.ts';
import type { ApiKeyStore, KeyOwner } from '../adapters/db/port.ts';
import { hashApiKey, isWellFormedApiKey } from './api-keys.ts';

export type KeyAuthenticator = { authenticate(secret: string): Promise<KeyOwner | undefined> };

const TOUCH_INTERVAL_MS = 60_000;

/**
 * Looks keys up by hash with a short cache (answers, known or unknown, live `cacheMs` at most, so a
 * revocation takes effect within that on every process) and records last use at most once a minute.
 */
export function keyAuthenticator(options: { keys: ApiKeyStore; clock: Clock; cacheMs: number }): KeyAuthenticator {
  const cache = new Map<string, { owner: KeyOwner | undefined; expiresAt: number }>();
  const lastTouched = new Map<string, number>();
  const MAX_CACHED = 10_000;

  function recordUse(owner: KeyOwner, now: number) {
    if (now - (lastTouched.get(owner.keyId) ?? 0) < TOUCH_INTERVAL_MS) return;
    lastTouched.set(owner.keyId, now);
    options.keys.touch(owner.keyId, new Date(now)).catch(() => lastTouched.delete(owner.keyId));
  }

  return {
    async authenticate(secret) {
      if (!isWellFormedApiKey(secret)) return undefined;
      const hash = hashApiKey(secret);
      const now = options.clock.now().getTime();
      const cached = cache.get(hash);
      let owner: KeyOwner | undefined;
      if (cached && cached.expiresAt > now) {
        owner = cached.owner;
      } else {
        owner = await options.keys.findActive(hash);
        if (options.cacheMs > 0) {
          if (cache.size >= MAX_CACHED) cache.clear();
          cache.set(hash, { owner, expiresAt: now + options.cacheMs });
        }
      }
      if (owner) recordUse(owner, now);
      return owner;
    },
  };
}
