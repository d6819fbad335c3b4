import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

describe.each(MODES)('v3 authentication (%s)', (mode) => {
  let kith: TestKith;
  let alice: TestAccount;
  beforeAll(async () => {
    kith = await startTestKith(mode);
    alice = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it('accepts Authorization: Bearer <key>', async () => {
    const answer = await kith.client.v3('stats.get', {}, { key: alice.key });
    expect(answer.status, answer.text).toBe(200);
  });

  it.each([
    ['no header', {}, /Missing API key/],
    ['another scheme', { Authorization: 'Basic abc' }, /Malformed Authorization/],
    ['two spaces', { Authorization: 'Bearer  kith_x' }, /Malformed Authorization/],
    ['lower-case bearer', { Authorization: 'bearer kith_x' }, /Malformed Authorization/],
    ['an unknown key', { Authorization: 'Bearer kith_000000000000000000000000000000000000' }, /Invalid or revoked/],
  ])('refuses %s with a JSON 401', async (_name, headers, message) => {
    const answer = await kith.client.v3('stats.get', {}, { headers });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.body).toMatchObject({ status: 401, message: expect.stringMatching(message) });
    expect(answer.body.requestId).toEqual(expect.any(String));
  });

  it('refuses keys sent as a query parameter or in the legacy header on v3', async () => {
    const inQuery = await kith.client.v3('stats.get', {}, { query: `?apiKey=${alice.key}` });
    const inHeader = await kith.client.v3('stats.get', {}, { headers: { 'X-Service-APIKey': alice.key } });
    for (const answer of [inQuery, inHeader]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toMatch(/only in the header Authorization: Bearer/);
    }
  });

  it('authenticates before anything else under /v3/, so unknown operations stay unknown', async () => {
    const unknown = await kith.client.v3('nothing.here', {});
    expect(unknown.status).toBe(401);
    const wrongMethod = await kith.client.request('GET', '/v3/stats.get');
    expect(wrongMethod.status).toBe(401);
  });

  it('never lets the admin token open /v3/ nor an API key open /admin/', async () => {
    const adminOnV3 = await kith.client.v3('stats.get', {}, { key: kith.adminToken });
    expect(adminOnV3.status).toBe(401);
    const keyOnAdmin = await kith.client.request('GET', '/admin/accounts', {
      headers: { Authorization: `Bearer ${alice.key}` },
    });
    expect(keyOnAdmin.status).toBe(401);
    expect(keyOnAdmin.body).toMatchObject({ status: 401 });
  });

  it('refuses a revoked key within one second', async () => {
    const bob = await createAccount(kith);
    expect((await kith.client.v3('stats.get', {}, { key: bob.key })).status).toBe(200);
    const revoked = await kith.client.admin('POST', `/keys/${bob.keyId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 1050));
    const after = await kith.client.v3('stats.get', {}, { key: bob.key });
    expect(after.status).toBe(401);
  });

  it('records when a key was last used', async () => {
    const carol = await createAccount(kith);
    await kith.client.v3('stats.get', {}, { key: carol.key });
    const deadline = Date.now() + 5000;
    let lastUsedAt: string | null = null;
    while (!lastUsedAt && Date.now() < deadline) {
      const list = await kith.client.admin('GET', `/accounts/${carol.account.id}/keys`);
      lastUsedAt = list.body.keys[0].lastUsedAt;
    }
    expect(lastUsedAt).toEqual(expect.any(String));
  });

  it('never writes API keys or the admin token to the log', async () => {
    await kith.client.v3('stats.get', {}, { key: alice.key, query: `?apiKey=${alice.key}` });
    const text = JSON.stringify(kith.logs());
    expect(text).not.toContain(alice.key);
    expect(text).not.toContain(kith.adminToken);
    expect(text).toContain(alice.account.id);
  });
});
