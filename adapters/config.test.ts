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

describe('KITH_IDLE_TRIM_SECONDS', () => {
  it('looks every 10 s unless set, takes 0 (never) to 3600, and refuses anything else naming the variable', () => {
    expect(loadServerConfig({}).idleTrimSeconds).toBe(10);
    expect(loadServerConfig({ KITH_IDLE_TRIM_SECONDS: '0' }).idleTrimSeconds).toBe(0);
    expect(loadServerConfig({ KITH_IDLE_TRIM_SECONDS: '3600' }).idleTrimSeconds).toBe(3600);
    for (const refused of ['-1', '3601', '1.5', 'often']) {
      expect(() => loadServerConfig({ KITH_IDLE_TRIM_SECONDS: refused }), refused).toThrow(/KITH_IDLE_TRIM_SECONDS: /);
    }
  });
});
