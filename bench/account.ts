import { randomBytes } from 'node:crypto';

export type BenchAccount = { accountId: string; apiKey: string; planName: string; rateLimit: number };

/**
 * The plan's limit is the most CreatePlanRequest allows (1,000,000 calls per window, the default window
 * being 60 s): about 16,700 calls/s sustained, well above what one account reaches here. A run that hits
 * it anyway shows 403s among its errors.
 */
const BENCH_RATE_LIMIT = 1_000_000;

async function admin<T>(url: string, adminToken: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}/admin${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /admin${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A plan, an account on it and an API key, through the admin API as an operator would make them. */
export async function createBenchAccount(url: string, adminToken: string): Promise<BenchAccount> {
  const planName = `bench-${randomBytes(4).toString('hex')}`;
  await admin(url, adminToken, '/plans', { name: planName, period: 'MONTH', baseCost: 0, rateLimit: BENCH_RATE_LIMIT });
  const account = await admin<{ id: string }>(url, adminToken, '/accounts', { name: planName, plan: planName });
  const key = await admin<{ key: string }>(url, adminToken, `/accounts/${account.id}/keys`, {});
  return { accountId: account.id, apiKey: key.key, planName, rateLimit: BENCH_RATE_LIMIT };
}
