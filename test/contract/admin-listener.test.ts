import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/factories.ts';
import { loopbackClient, requestFrom } from '../support/forwarding-proxy.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { runCli } from '../support/processes.ts';

/** docs/decisions.md, "An admin listener of its own". */
describe('/admin/ on a listener of its own (KITH_ADMIN_PORT)', () => {
  let kith: TestKith;
  let adminPort: string;
  /** The CLI's environment as the operator's would be: the server's own variables. */
  let env: Record<string, string>;
  const publicHost = loopbackClient(5);
  beforeAll(async () => {
    // The public listener on 127.0.0.5, the admin one on its own default host: loopback's usual 127.0.0.1.
    kith = await startTestKith('embedded', { HOST: publicHost, KITH_ADMIN_PORT: '0' });
    adminPort = new URL(kith.adminUrl).port;
    env = { KITH_URL: kith.url, KITH_ADMIN_PORT: adminPort, KITH_ADMIN_TOKEN: kith.adminToken };
  });
  afterAll(() => kith?.stop());

  const get = (base: string, path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

  it('serves /admin/ there and only there; everything else only on PORT', async () => {
    const admin = { Authorization: `Bearer ${kith.adminToken}` };
    expect(kith.adminUrl).toBe(`http://127.0.0.1:${adminPort}`);
    expect(kith.url).toMatch(/^http:\/\/127\.0\.0\.5:\d+$/);
    expect((await get(kith.adminUrl, '/admin/plans', admin)).status).toBe(200);
    const onPublic = await get(kith.url, '/admin/plans', admin);
    expect(onPublic.status).toBe(404);
    expect(await onPublic.json()).toMatchObject({ status: 404, message: 'No such endpoint: GET /admin/plans' });

    const account = await createAccount(kith);
    const stats = await kith.client.v3('stats.get', {}, { key: account.key });
    expect(stats.status).toBe(200);
    expect((await fetch(`${kith.adminUrl}/v3/stats.get`, { method: 'POST', headers: { Authorization: `Bearer ${account.key}` } })).status).toBe(404);
    expect((await get(kith.adminUrl, '/healthz')).status).toBe(404);
    expect((await get(kith.url, '/healthz')).status).toBe(200);
  });

  it('listens on loopback by default, whatever HOST is', async () => {
    await expect(requestFrom(loopbackClient(6), `http://${publicHost}:${adminPort}/admin/plans`)).rejects.toThrow(/ECONNREFUSED/);
    expect((await requestFrom(loopbackClient(6), `${kith.url}/healthz`)).status).toBe(200);
  });

  it("is found by the CLI from the server's own variables, and named when it is not", async () => {
    const listed = await runCli(['--json', 'plans', 'list'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((plan: { name: string }) => plan.name)).toContain('Standard');

    const unset = await runCli(['plans', 'list'], { KITH_URL: kith.url, KITH_ADMIN_TOKEN: kith.adminToken });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain(
      '404: No such endpoint: GET /admin/plans (when the server serves /admin/ on a port of its own, set KITH_ADMIN_PORT',
    );
  });

  it('makes console links that lead to the console on the public port', async () => {
    const account = await createAccount(kith);
    const made = await runCli(['--json', 'console', 'link', '--account', account.account.id], env);
    expect(made.code, made.stderr).toBe(0);
    const link = JSON.parse(made.stdout) as { url: string };
    expect(link.url).toMatch(new RegExp(`^${kith.url}/console/sign-in\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(link.url).searchParams.get('token')!;
    const signedIn = await fetch(`${kith.url}/console/sign-in`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
    expect(signedIn.status).toBe(303);
  });
});
