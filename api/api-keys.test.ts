import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, isWellFormedApiKey } from './api-keys.ts';

describe('API keys', () => {
  it('generates well-formed keys whose hash is what is stored', () => {
    const key = generateApiKey();
    expect(key.secret).toMatch(/^kith_[0-9A-Za-z]{36}$/);
    expect(isWellFormedApiKey(key.secret)).toBe(true);
    expect(key.secretHash).toBe(hashApiKey(key.secret));
    expect(key.secret.startsWith(key.displayPrefix)).toBe(true);
    expect(key.displayPrefix).toHaveLength(11);
  });

  it('rejects a key with one character changed (checksum)', () => {
    const { secret } = generateApiKey();
    const position = 10;
    const swapped = secret[position] === 'a' ? 'b' : 'a';
    const mistyped = secret.slice(0, position) + swapped + secret.slice(position + 1);
    expect(isWellFormedApiKey(mistyped)).toBe(false);
  });

  it('rejects other shapes', () => {
    expect(isWellFormedApiKey('')).toBe(false);
    expect(isWellFormedApiKey('kith_short')).toBe(false);
    expect(isWellFormedApiKey(`sk_${'a'.repeat(36)}`)).toBe(false);
  });

  it('never generates the same key twice in a thousand', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => generateApiKey().secret));
    expect(secrets.size).toBe(1000);
  });
});
