import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createPlan } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

describe.each(MODES)('admin API (%s)', (mode) => {
  let kith: TestKith;
  beforeAll(async () => {
    kith = await startTestKith(mode);
  });
  afterAll(() => kith?.stop());

  it('creates and lists plans; a duplicate name is 409', async () => {
    const plan = await createPlan(kith, { personQuota: 1000, companyQuota: null });
    expect(plan).toMatchObject({ period: 'MONTH', baseCost: 99.5, rateLimit: 600, personQuota: 1000, companyQuota: null });
    const list = await kith.client.admin('GET', '/plans');
    expect(list.body.plans.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Standard', plan.name]));
    const again = await kith.client.admin('POST', '/plans', { name: plan.name, period: 'YEAR', baseCost: 1, rateLimit: 1 });
    expect(again.status).toBe(409);
  });

  it('refuses an invalid plan, naming the fields', async () => {
    const answer = await kith.client.admin('POST', '/plans', { name: 'x', period: 'WEEK', baseCost: -1, rateLimit: 0 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/period: .*baseCost: .*rateLimit: /);
  });

  it('creates an account on a named plan with identity sharing', async () => {
    const plan = await createPlan(kith);
    const { account } = await createAccount(kith, { plan: plan.name, identitySharing: true });
    expect(account).toMatchObject({ plan: { name: plan.name }, identitySharing: true, billingAnchor: expect.any(String) });
    const shown = await kith.client.admin('GET', `/accounts/${account.id}`);
    expect(shown.body).toEqual(account);
  });

  it('refuses an account on an unknown plan', async () => {
    const answer = await kith.client.admin('POST', '/accounts', { name: 'x', plan: `missing-${randomUUID()}` });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/plan: no plan named/);
  });

  it('shows a key once, then lists it by prefix only', async () => {
    const { account, key, keyId } = await createAccount(kith);
    const list = await kith.client.admin('GET', `/accounts/${account.id}/keys`);
    expect(list.body.keys).toHaveLength(1);
    expect(list.body.keys[0]).toMatchObject({ id: keyId, displayPrefix: key.slice(0, 11), revokedAt: null });
    expect(list.text).not.toContain(key);
  });

  it('answers 404 for unknown or malformed account and key ids', async () => {
    expect((await kith.client.admin('GET', `/accounts/${randomUUID()}`)).status).toBe(404);
    expect((await kith.client.admin('GET', '/accounts/not-a-uuid')).status).toBe(404);
    expect((await kith.client.admin('POST', '/accounts/not-a-uuid/keys')).status).toBe(404);
    expect((await kith.client.admin('POST', '/keys/key_nope/revoke')).status).toBe(404);
  });

  it('refuses requests without the admin token', async () => {
    const answer = await kith.client.request('GET', '/admin/plans');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: 401 });
  });
});
