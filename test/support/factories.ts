import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Account } from '../../schemas/admin/accounts.ts';
import type { CreatedApiKey } from '../../schemas/admin/keys.ts';
import type { CreatePlanRequest, Plan } from '../../schemas/admin/plans.ts';
import type { TestKith } from './kith.ts';

export type TestAccount = { account: Account; key: string; keyId: string };

/** A fresh plan with a unique name; tests never share or clean up each other's rows. */
export async function createPlan(kith: TestKith, overrides: Partial<CreatePlanRequest> = {}): Promise<Plan> {
  const answer = await kith.client.admin<Plan>('POST', '/plans', {
    name: `plan-${randomUUID()}`,
    period: 'MONTH',
    baseCost: 99.5,
    rateLimit: 600,
    ...overrides,
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

/** A fresh account with one API key. */
export async function createAccount(
  kith: TestKith,
  options: { plan?: string; identitySharing?: boolean } = {},
): Promise<TestAccount> {
  const created = await kith.client.admin<Account>('POST', '/accounts', { name: `account-${randomUUID()}`, ...options });
  expect(created.status, created.text).toBe(201);
  const key = await kith.client.admin<CreatedApiKey>('POST', `/accounts/${created.body.id}/keys`);
  expect(key.status, key.text).toBe(201);
  return { account: created.body, key: key.body.key, keyId: key.body.id };
}
