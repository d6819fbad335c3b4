import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../api/middleware/admin-auth.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';

/** Its own Kith: the throttle holds 127.0.0.1 back, which every other suite's admin calls come from. */
describe('wrong admin tokens on a real server', () => {
  let kith: TestKith;
  beforeAll(async () => {
    kith = await startTestKith('embedded');
  });
  afterAll(() => kith?.stop());

  it('are logged at warn with the client address, then throttled with 429 and Retry-After', async () => {
    const wrong = { headers: { Authorization: 'Bearer kith_admin_not_the_token_at_all_0123456789' } };
    for (let i = 0; i < FREE_FAILURES; i += 1) expect((await kith.client.request('GET', '/admin/plans', wrong)).status).toBe(401);
    const throttled = await kith.client.admin('GET', '/plans');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const warnings = kith.logs().filter((line) => line['msg'] === 'wrong admin token');
    expect(warnings).toHaveLength(FREE_FAILURES);
    expect(warnings[0]).toMatchObject({ level: 40, client: '127.0.0.1', failures: 1 });
    expect(JSON.stringify(kith.logs())).not.toContain('not_the_token');

    // The wait over, the right token is taken again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await kith.client.admin('GET', '/plans')).status).toBe(200);
  });
});
