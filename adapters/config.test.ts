import { describe, expect, it } from 'vitest';
import { ConfigError, loadCliConfig, loadServerConfig } from './config.ts';

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

describe('KITH_TRUSTED_PROXIES', () => {
  it('trusts no proxy unless set, and takes addresses and CIDR ranges, comma-separated', () => {
    expect(loadServerConfig({}).trustedProxies).toEqual([]);
    const proxies = loadServerConfig({ KITH_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.5,fd00::/8' }).trustedProxies;
    expect(proxies.map((proxy) => proxy.cidr)).toEqual(['10.0.0.0/8', '192.168.1.5', 'fd00::/8']);
  });

  it('refuses an entry that is no network, naming the variable and the entry', () => {
    for (const [refused, message] of [
      ['10.0.0.0/8,proxy.internal', /KITH_TRUSTED_PROXIES: "proxy.internal" is not an address or a CIDR range/],
      ['10.0.0.5/8', /KITH_TRUSTED_PROXIES: "10.0.0.5\/8" has host bits set: did you mean 10.0.0.0\/8\?/],
      ['10.0.0.0/33', /KITH_TRUSTED_PROXIES: "10.0.0.0\/33" has a prefix longer than 32 bits/],
    ] as const) {
      expect(() => loadServerConfig({ KITH_TRUSTED_PROXIES: refused }), refused).toThrow(message);
    }
  });
});

describe('KITH_ADMIN_PORT and KITH_ADMIN_HOST', () => {
  it('serve /admin/ on PORT unless set, and on loopback unless a host is given', () => {
    expect(loadServerConfig({}).adminListener).toBeUndefined();
    expect(loadServerConfig({ HOST: '0.0.0.0', KITH_ADMIN_PORT: '9090' }).adminListener).toEqual({ port: 9090, host: '127.0.0.1' });
    expect(loadServerConfig({ KITH_ADMIN_PORT: '0', KITH_ADMIN_HOST: '10.0.0.2' }).adminListener).toEqual({ port: 0, host: '10.0.0.2' });
  });

  it('refuses a host without a port, which would leave /admin/ on the public port', () => {
    expect(() => loadServerConfig({ KITH_ADMIN_HOST: '127.0.0.1' })).toThrow(/KITH_ADMIN_HOST: takes effect only with KITH_ADMIN_PORT/);
    expect(() => loadServerConfig({ KITH_ADMIN_PORT: '65536' })).toThrow(/KITH_ADMIN_PORT: /);
  });

  it("tell the CLI where the server's admin listener is", () => {
    expect(loadCliConfig({ KITH_URL: 'http://kith.internal:8080/' })).toMatchObject({
      adminUrl: 'http://kith.internal:8080',
      adminUrlFrom: 'KITH_URL',
    });
    expect(loadCliConfig({ KITH_ADMIN_PORT: '9090' })).toMatchObject({
      url: 'http://127.0.0.1:8080',
      adminUrl: 'http://127.0.0.1:9090',
      adminUrlFrom: 'KITH_ADMIN_PORT',
    });
    expect(loadCliConfig({ KITH_ADMIN_PORT: '9090', KITH_ADMIN_HOST: '0.0.0.0' }).adminUrl).toBe('http://127.0.0.1:9090');
    expect(loadCliConfig({ KITH_ADMIN_PORT: '9090', KITH_ADMIN_HOST: '::1' }).adminUrl).toBe('http://[::1]:9090');
  });
});
