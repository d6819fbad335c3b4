import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../api/middleware/admin-auth.ts';
import { loopbackClient, requestFrom, startForwardingProxy, type ForwardingProxy } from '../support/forwarding-proxy.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';

const WRONG_TOKEN = 'kith_admin_not_the_token_at_all_0123456789';

/**
 * Real connections from distinct loopback addresses, straight to Kith or through a reverse proxy that appends each
 * client's address to X-Forwarded-For (docs/decisions.md, "Trusted proxies"). Each test has clients of its own: the
 * throttle remembers an address for an hour.
 */
describe('the admin token throttle behind a reverse proxy (KITH_TRUSTED_PROXIES)', () => {
  let trusting: TestKith;
  let trustingNoOne: TestKith;
  let proxies: ForwardingProxy[] = [];
  beforeAll(async () => {
    [trusting, trustingNoOne] = await Promise.all([startTestKith('embedded', { KITH_TRUSTED_PROXIES: '127.0.0.1' }), startTestKith('embedded')]);
  });
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await Promise.all([trusting?.stop(), trustingNoOne?.stop()]);
  });

  const proxyTo = async (kith: TestKith) => {
    const proxy = await startForwardingProxy(kith.adminUrl);
    proxies.push(proxy);
    return proxy.url;
  };
  /** GET /admin/plans from `client` with `token`, at `base`, writing X-Forwarded-For itself when `forwardedFor` is given. */
  const plansFrom = async (client: string, base: string, token: string, forwardedFor?: string) =>
    (
      await requestFrom(client, `${base}/admin/plans`, {
        headers: { Authorization: `Bearer ${token}`, ...(forwardedFor !== undefined && { 'X-Forwarded-For': forwardedFor }) },
      })
    ).status;
  const wrongTokensFrom = async (client: string, base: string, forwardedFor?: string) => {
    for (let i = 0; i < FREE_FAILURES; i += 1) expect(await plansFrom(client, base, WRONG_TOKEN, forwardedFor)).toBe(401);
  };
  const loggedFor = (kith: TestKith, msg: string) => kith.logs().filter((line) => line['msg'] === msg);

  it("counts each client a trusted proxy forwards for on its own: one client's wrong tokens do not hold another's right token back", async () => {
    const proxy = await proxyTo(trusting);
    const [guesser, operator] = [loopbackClient(2), loopbackClient(3)];
    await wrongTokensFrom(guesser, proxy);
    expect(await plansFrom(guesser, proxy, trusting.adminToken)).toBe(429);
    expect(await plansFrom(operator, proxy, trusting.adminToken)).toBe(200);
    // The guesser cannot pass for the operator by writing the header: the proxy appends the address it came from.
    expect(await plansFrom(guesser, proxy, trusting.adminToken, operator)).toBe(429);

    // The warnings and the access lines name the client, not the proxy.
    expect(loggedFor(trusting, 'wrong admin token').map((line) => line['client'])).toEqual(Array(FREE_FAILURES).fill(guesser));
    const admitted = loggedFor(trusting, 'request').filter((line) => line['path'] === '/admin/plans' && line['status'] === 200);
    expect(admitted.map((line) => line['client'])).toEqual([operator]);
  });

  it('ignores the header of a client that is no trusted proxy', async () => {
    const client = loopbackClient(4);
    await wrongTokensFrom(client, trusting.adminUrl, '198.51.100.1');
    expect(await plansFrom(client, trusting.adminUrl, trusting.adminToken, '198.51.100.2')).toBe(429);
    expect(loggedFor(trusting, 'wrong admin token').filter((line) => line['client'] === client)).toHaveLength(FREE_FAILURES);
  });

  it('without it, counts every client behind a proxy as the proxy, and the header changes nothing', async () => {
    const proxy = await proxyTo(trustingNoOne);
    const [guesser, operator, direct] = [loopbackClient(5), loopbackClient(6), loopbackClient(7)];
    await wrongTokensFrom(guesser, proxy);
    // Everyone the proxy forwards for is the proxy to Kith: the operator waits with the guesser.
    expect(await plansFrom(operator, proxy, trustingNoOne.adminToken)).toBe(429);
    expect(loggedFor(trustingNoOne, 'wrong admin token').map((line) => line['client'])).toEqual(Array(FREE_FAILURES).fill('127.0.0.1'));

    await wrongTokensFrom(direct, trustingNoOne.adminUrl, '198.51.100.3');
    expect(await plansFrom(direct, trustingNoOne.adminUrl, trustingNoOne.adminToken, '198.51.100.4')).toBe(429);
  });
});
