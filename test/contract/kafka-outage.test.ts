import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { startPrivateBroker, type PrivateBroker } from '../support/private-broker.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

describe('when Kafka goes away', () => {
  let broker: PrivateBroker;
  let kith: TestKith;
  let account: TestAccount;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    broker = await startPrivateBroker('outage');
    kith = await startTestKith('postgres', {
      KAFKA_BROKERS: broker.brokers,
      KITH_TOPIC_PREFIX: `outage${randomBytes(4).toString('hex')}`,
      KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    });
    account = await createAccount(kith);
    receiver = await startWebhookReceiver();
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await kith?.stop();
    await broker?.remove();
  }, 120_000);

  const statsGet = () => kith.client.v3('stats.get', {}, { key: account.key });

  it('answers 503 quickly while the broker is down, and recovers by itself when it is back', async () => {
    // A fresh broker's consumer groups may still be forming on a busy machine: the outage starts from a working Kith.
    await waitFor('stats.get to answer 200 before the outage', async () => (await statsGet()).status === 200, {
      timeoutMs: 120_000,
    });

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

  it('sends the same request again when an Idempotency-Key retries a 503 answered after handing it to the bus', async () => {
    const hook = `/hook?ref=${randomUUID()}`;
    const body = { email: `outage-${randomUUID()}@example.org`, webhookUrl: `${receiver.url}${hook}` };
    const delivered = () => receiver.received.filter((received) => received.url === hook);
    const withKey = { key: account.key, headers: { 'Idempotency-Key': randomUUID() } };
    const enrich = () => kith.client.v3('person.enrich', body, withKey);

    await broker.stop();
    const refused = await enrich();
    expect(refused.status, refused.text).toBe(503);
    await broker.start();
    await waitFor('stats.get to answer 200 again', async () => (await statsGet()).status === 200, { timeoutMs: 60_000 });

    // The publish may have landed all the same: the retry is that request, not a second one.
    const accepted = await enrich();
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body.requestId).toBe(refused.body.requestId);
    await waitFor('the delivery', async () => delivered().length > 0, { timeoutMs: 30_000 });
    const replayed = await enrich();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(accepted.body);
    await sleep(3000);
    expect(delivered(), 'one delivery, whether the first publish landed or not').toHaveLength(1);
  }, 180_000);
});
