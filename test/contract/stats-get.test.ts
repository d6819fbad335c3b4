import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createPlan } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

const today = () => new Date().toISOString().slice(0, 10);

describe.each(MODES)('stats.get: plan and billing period (%s)', (mode) => {
  let kith: TestKith;
  beforeAll(async () => {
    kith = await startTestKith(mode);
  });
  afterAll(() => kith?.stop());

  it('answers each account its own plan when several accounts ask at once (their reads go together)', async () => {
    const plans = [await createPlan(kith, { name: `Together A ${randomUUID()}` }), await createPlan(kith, { name: `Together B ${randomUUID()}` })];
    const accounts = [await createAccount(kith, { plan: plans[0]!.name }), await createAccount(kith, { plan: plans[1]!.name })];
    const asked = Array.from({ length: 16 }, (_, index) => index % 2);
    const answers = await Promise.all(asked.map((which) => kith.client.v3('stats.get', { stats: ['person'] }, { key: accounts[which]!.key })));
    for (const [index, answer] of answers.entries()) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.plan.name).toBe(plans[asked[index]!]!.name);
    }
  });

  it("answers the account's plan and current period", async () => {
    const plan = await createPlan(kith, { name: `Pro ${randomUUID()}`, period: 'YEAR', baseCost: 1200.5 });
    const account = await createAccount(kith, { plan: plan.name });
    const answer = await kith.client.v3('stats.get', { stats: ['person'] }, { key: account.key });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.plan).toEqual({ name: plan.name, period: 'YEAR', baseCost: 1200.5, daysRemainingInPeriod: expect.any(Number) });
    // A new account's period starts today and runs a year, the last day included.
    expect(answer.body.period.start).toBe(today());
    const end = new Date(`${answer.body.period.end}T00:00:00Z`);
    const start = new Date(`${answer.body.period.start}T00:00:00Z`);
    const days = (end.getTime() - start.getTime()) / 86_400_000 + 1;
    expect([365, 366]).toContain(days);
    expect(answer.body.plan.daysRemainingInPeriod).toBe(days);
  });

  it('uses the Standard monthly plan when none was named', async () => {
    const account = await createAccount(kith);
    const answer = await kith.client.v3('stats.get', undefined, { key: account.key });
    expect(answer.body.plan).toMatchObject({ name: 'Standard', period: 'MONTH', baseCost: 0 });
    expect(answer.body.period.start).toBe(today());
  });
});
