import { describe, expect, it } from 'vitest';
import { ConfigError, loadServerConfig } from './config.ts';

describe('KITH_ADMIN_TOKEN', () => {
  it('is refused at start when shorter than 32 characters, naming the variable', () => {
    expect(() => loadServerConfig({ KITH_ADMIN_TOKEN: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(() => loadServerConfig({ KITH_ADMIN_TOKEN: 'x'.repeat(31) })).toThrow(/KITH_ADMIN_TOKEN: must be at least 32 characters/);
  });

  it('is taken at 32 characters and more, and generated when unset', () => {
    expect(loadServerConfig({ KITH_ADMIN_TOKEN: 'x'.repeat(32) }).adminToken).toBe('x'.repeat(32));
    expect(loadServerConfig({}).adminToken).toBeUndefined();
  });
});
