import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { startPrivateBroker, type PrivateBroker } from '../support/private-broker.ts';
import { waitFor } from '../support/wait-for.ts';

describe('when Kafka goes away', () => {
  let broker: PrivateBroker;
  let kith: TestKith;
  let account: TestAccount;

  beforeAll(async () => {
    broker = await startPrivateBroker('outage');
    kith = await startTestKith('postgres', { KAFKA_BROKERS: broker.brokers, KITH_TOPIC_PREFIX: `outage${randomBytes(4).toString('hex')}` });
    account = await createAccount(kith);
  }, 180_000);
  afterAll(async () => {
    await kith?.stop();
    await broker?.remove();
  }, 120_000);

  const statsGet = () => kith.client.v3('stats.get', {}, { key: account.key });

  it('answers 503 quickly while the broker is down, and recovers by itself when it is back', async () => {
    expect((await statsGet()).status).toBe(200);

    await broker.stop();
    const startedAt = Date.now();
    const during = await statsGet();
    const elapsed = Date.now() - startedAt;
    expect(during.status, during.text).toBe(503);
    expect(during.body).toMatchObject({ status: 503, message: expect.any(String) });
    expect(during.headers.get('retry-after')).toBe('1');
    expect(elapsed).toBeLessThan(3000);

    await broker.start();
    await waitFor('stats.get to answer 200 again', async () => (await statsGet()).status === 200, { timeoutMs: 60_000 });
  }, 180_000);
});
