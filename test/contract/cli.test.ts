import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { runCli } from '../support/processes.ts';

describe('the kith CLI over the admin API', () => {
  let kith: TestKith;
  let env: Record<string, string>;
  beforeAll(async () => {
    kith = await startTestKith('postgres');
    env = { KITH_URL: kith.url, KITH_ADMIN_TOKEN: kith.adminToken };
  });
  afterAll(() => kith?.stop());

  const cli = async (...args: string[]) => {
    const result = await runCli(['--json', ...args], env);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };

  it('creates a plan, an account on it and a key that works on /v3, then revokes the key', async () => {
    const planName = `cli-${randomUUID()}`;
    const plan = await cli('plans', 'create', '--name', planName, '--period', 'YEAR', '--base-cost', '120', '--rate-limit', '60', '--person-quota', '500', '--audience-limit', '3');
    expect(plan).toMatchObject({ name: planName, period: 'YEAR', baseCost: 120, rateLimit: 60, personQuota: 500, audienceLimit: 3 });
    expect((await cli('plans', 'list')).map((p: { name: string }) => p.name)).toContain(planName);

    const account = await cli('accounts', 'create', '--name', 'Acme', '--plan', planName, '--identity-sharing');
    expect(account).toMatchObject({ name: 'Acme', plan: { name: planName }, identitySharing: true });
    expect((await cli('accounts', 'show', account.id)).id).toBe(account.id);

    const key = await cli('keys', 'create', '--account', account.id);
    const stats = await kith.client.v3('stats.get', {}, { key: key.key });
    expect(stats.status).toBe(200);
    expect(stats.body.plan.name).toBe(planName);

    const listed = await cli('keys', 'list', '--account', account.id);
    expect(listed).toEqual([expect.objectContaining({ id: key.id, revokedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(key.key);

    const revoked = await cli('keys', 'revoke', key.id);
    expect(revoked.revokedAt).toEqual(expect.any(String));
  });

  it("shows and rotates an account's webhook secret, and reads its delivery log", async () => {
    const account = await cli('accounts', 'create', '--name', 'Hooks');
    const shown = await cli('webhooks', 'secret', '--account', account.id);
    expect(shown.secret).toMatch(/^whsec_/);
    const rotated = await cli('webhooks', 'rotate', '--account', account.id);
    expect(rotated.secret).not.toBe(shown.secret);
    expect(rotated.previousSecret).toBe(shown.secret);
    expect(await cli('deliveries', 'list', '--account', account.id)).toEqual([]);
    const unknown = await runCli(['deliveries', 'show', 'msg_unknown000000'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/404: No delivery with id msg_unknown000000/);
    const replayAll = await cli('deliveries', 'replay', '--account', account.id, '--since', '2026-01-01T00:00:00Z');
    expect(replayAll).toEqual({ replayed: 0 });
  });

  it('makes a one-time console login link: it signs in once, then never again', async () => {
    const account = await cli('accounts', 'create', '--name', 'Console');
    const link = await cli('console', 'link', '--account', account.id);
    expect(link.url).toMatch(new RegExp(`^${kith.url}/console/sign-in\\?token=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const token = new URL(link.url).searchParams.get('token')!;
    const signIn = () =>
      fetch(`${kith.url}/console/sign-in`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
    const first = await signIn();
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/^kith_console=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/console; HttpOnly; SameSite=Strict$/);
    expect((await signIn()).status).toBe(401);
    const unknown = await runCli(['console', 'link', '--account', randomUUID()], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/404: No account with id/);
  });

  it("makes the operator's console link, into the identity graph's pages; without --account or --operator it asks which", async () => {
    const link = await cli('console', 'link', '--operator');
    expect(link.url).toMatch(new RegExp(`^${kith.url}/console/sign-in\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(link.url).searchParams.get('token')!;
    const signedIn = await fetch(`${kith.url}/console/sign-in`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
    expect(signedIn.headers.get('location')).toBe('/console/graph');
    const text = await runCli(['console', 'link', '--operator'], env);
    expect(text.stdout).toContain('it signs in as the operator: keep it to yourself');
    const neither = await runCli(['console', 'link'], env);
    expect(neither.code).toBe(1);
    expect(neither.stderr).toContain('--account ACCOUNT_ID or --operator');
    expect((await runCli(['console', 'link', '--operator', '--account', randomUUID()], env)).code).not.toBe(0);
  });

  it('prints readable text without --json', async () => {
    const result = await runCli(['plans', 'list'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^name\s+period\s+baseCost/);
    expect(result.stdout).toContain('Standard');
  });

  it('exits non-zero with a message on errors', async () => {
    const unknownPlan = await runCli(['accounts', 'create', '--name', 'x', '--plan', 'nope'], env);
    expect(unknownPlan.code).toBe(1);
    expect(unknownPlan.stderr).toMatch(/^kith: 400: Invalid request: plan: no plan named nope/);

    const badToken = await runCli(['plans', 'list'], { ...env, KITH_ADMIN_TOKEN: 'wrong-token' });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toMatch(/401/);

    const noServer = await runCli(['plans', 'list'], { ...env, KITH_URL: 'http://127.0.0.1:9' });
    expect(noServer.code).toBe(1);
    expect(noServer.stderr).toMatch(/Cannot reach Kith/);

    const missingOption = await runCli(['plans', 'create', '--name', 'x'], env);
    expect(missingOption.code).not.toBe(0);
    expect(missingOption.stderr).toMatch(/required option/);
  });
});
