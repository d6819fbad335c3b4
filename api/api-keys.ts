import { createHash, randomBytes, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ApiKeyStore } from '../adapters/db/port.ts';
import type { CreatedApiKey } from '../schemas/admin/keys.ts';

/**
 * API key format: `kith_` + 30 random base62 characters + a 6-character base62 CRC32 of those 30.
 * The prefix lets secret scanners find leaked keys and the checksum lets them (and us) reject a mistyped
 * key without a database lookup. Only the SHA-256 of a key is stored.
 */
const PREFIX = 'kith_';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(`^${PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function toBase62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(randomPart: string): string {
  return toBase62(crc32(randomPart), CHECKSUM_LENGTH);
}

export type GeneratedKey = { id: string; secret: string; secretHash: string; displayPrefix: string };

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** True when the text has the shape and checksum of a Kith key (it may still be unknown or revoked). */
export function isWellFormedApiKey(secret: string): boolean {
  if (!KEY_PATTERN.test(secret)) return false;
  const randomPart = secret.slice(PREFIX.length, PREFIX.length + RANDOM_LENGTH);
  return secret.slice(PREFIX.length + RANDOM_LENGTH) === checksum(randomPart);
}

export function generateApiKey(): GeneratedKey {
  let randomPart = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) randomPart += BASE62[randomInt(62)];
  const secret = `${PREFIX}${randomPart}${checksum(randomPart)}`;
  return {
    id: `key_${randomBytes(8).toString('hex')}`,
    secret,
    secretHash: hashApiKey(secret),
    displayPrefix: secret.slice(0, PREFIX.length + 6),
  };
}

/** Creates a key for the account and returns it with its secret: the only time the secret is seen. */
export async function issueApiKey(store: ApiKeyStore, accountId: string): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const info = await store.create({
    id: key.id,
    accountId,
    secretHash: key.secretHash,
    displayPrefix: key.displayPrefix,
  });
  return { ...info, key: key.secret };
}
