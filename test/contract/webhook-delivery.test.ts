import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PIPELINE_KINDS, startPipeline, type Pipeline, type TestOperation } from '../support/pipeline.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** A lookup that takes a webhookUrl: `{hit: true}` answers 200, `{hit: false}` 404, as person.enrich does. */
const LOOKUP: TestOperation = {
  spec: {
    summary: 'a lookup taking a webhookUrl',
    worker: 'usage',
    lookup: true,
    webhook: true,
    request: z.object({ hit: z.boolean(), webhookUrl: z.string().optional() }),
    response: z.object({ found: z.literal(true) }),
  },
  handler: async (request) =>
    (request.body as { hit: boolean }).hit
      ? { status: 200, body: { found: true } }
      : { status: 404, body: { status: 404, message: 'Profile not found' } },
};

/** Checks a received webhook as a receiver would, with the account's secret; returns the parsed body. */
function verified(received: ReceivedWebhook, secret: string): unknown {
  const headers = Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
  return new Webhook(secret).verify(received.body, headers);
}

describe.each(PIPELINE_KINDS)('webhook delivery (%s)', (kind) => {
  let pipeline: Pipeline;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    pipeline = await startPipeline(kind, { 'test.lookup': LOOKUP }, { webhooks: { scheduleSeconds: [1, 1], timeoutMs: 1000 } });
  });
  afterAll(() => pipeline?.stop());
  afterEach(() => receiver?.close());

  async function account() {
    const created = await pipeline.newAccountKey();
    const secret = (await pipeline.stores.webhookSecrets.show(created.accountId, new Date())).secret;
    return { ...created, secret };
  }

  it('answers 202 at once and delivers the answer, signed, with the query parameters kept', async () => {
    receiver = await startWebhookReceiver();
    const { key, secret } = await account();
    const url = `${receiver.url}/hooks?ref=order-42&n=1`;
    const accepted = await pipeline.call('test.lookup', { hit: true, webhookUrl: url }, key);
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toMatchObject({ status: 202, message: expect.stringContaining(url), requestId: expect.any(String) });

    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.method).toBe('POST');
    expect(delivery!.url).toBe('/hooks?ref=order-42&n=1');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['user-agent']).toMatch(/^Kith-Webhooks\//);
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_/);
    expect(verified(delivery!, secret)).toEqual({ found: true });
  });

  it('delivers a 404 answer too', async () => {
    receiver = await startWebhookReceiver();
    const { key, secret } = await account();
    await pipeline.call('test.lookup', { hit: false, webhookUrl: receiver.url }, key);
    const [delivery] = await receiver.waitFor(1);
    expect(verified(delivery!, secret)).toEqual({ status: 404, message: 'Profile not found' });
  });

  it('tries again after a 500, with the same webhook-id and a valid signature each time', async () => {
    receiver = await startWebhookReceiver();
    receiver.respondWith(500);
    const { key, secret, accountId } = await account();
    await pipeline.call('test.lookup', { hit: true, webhookUrl: receiver.url }, key);
    await receiver.waitFor(1);
    receiver.respondWith(200);
    const [first, second] = await receiver.waitFor(2, 30_000);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    for (const attempt of [first!, second!]) expect(verified(attempt, secret)).toEqual({ found: true });

    const deliveryId = String(first!.headers['webhook-id']);
    await waitFor('the delivery to be recorded as delivered', async () => (await pipeline.stores.deliveries.get(deliveryId))?.status === 'delivered');
    const logged = (await pipeline.stores.deliveries.get(deliveryId))!;
    expect(logged).toMatchObject({ accountId, status: 'delivered', attempts: 2 });
    expect(logged.attemptLog.map((attempt) => [attempt.outcome, attempt.statusCode])).toEqual([
      ['failed', 500],
      ['delivered', 200],
    ]);
  });

  it('stops at 410 Gone', async () => {
    receiver = await startWebhookReceiver();
    receiver.respondWith(410);
    const { key } = await account();
    await pipeline.call('test.lookup', { hit: true, webhookUrl: receiver.url }, key);
    const [first] = await receiver.waitFor(1);
    const deliveryId = String(first!.headers['webhook-id']);
    await waitFor('the delivery to be gone', async () => (await pipeline.stores.deliveries.get(deliveryId))?.status === 'gone');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses, at request time, a webhook URL it would never deliver to', async () => {
    const { key } = await account();
    const loopbackNames = ['http://localhost/hook', 'http://LOCALHOST./hook', 'http://hooks.localhost/', 'http://localhost.localdomain/'];
    for (const url of ['ftp://example.com/hook', 'http://10.0.0.1/hook', 'http://169.254.169.254/latest', 'not a url', ...loopbackNames]) {
      const answer = await pipeline.call('test.lookup', { hit: true, webhookUrl: url }, key);
      expect(answer.status, url).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(`Invalid webhookUrl provided: '${url}'`);
    }
  });

  it("keeps one account's stalled receiver from delaying another account's deliveries", async () => {
    const stalled = await startWebhookReceiver();
    stalled.stall();
    receiver = await startWebhookReceiver();
    try {
      const slow = await account();
      const quick = await account();
      await Promise.all(
        Array.from({ length: 12 }, () => pipeline.call('test.lookup', { hit: true, webhookUrl: stalled.url }, slow.key)),
      );
      await stalled.waitForConnections(4);
      const sentAt = Date.now();
      await pipeline.call('test.lookup', { hit: true, webhookUrl: receiver.url }, quick.key);
      const [delivery] = await receiver.waitFor(1);
      expect(delivery!.at - sentAt).toBeLessThan(1000);
    } finally {
      await stalled.close();
    }
  });

  it('keeps the attempts of each delivery and replays a failed one', async () => {
    receiver = await startWebhookReceiver();
    receiver.respondWith(503);
    const { key, accountId } = await account();
    await pipeline.call('test.lookup', { hit: true, webhookUrl: receiver.url }, key);
    await receiver.waitFor(3, 30_000);
    const [listed] = await pipeline.stores.deliveries.list(accountId, { limit: 10 });
    await waitFor('the delivery to fail for good', async () => (await pipeline.stores.deliveries.get(listed!.id))?.status === 'failed');
    receiver.respondWith(200);
    expect(await pipeline.stores.deliveries.replayFailedSince(accountId, new Date(Date.now() - 60_000), new Date())).toBe(1);
    await receiver.waitFor(4, 30_000);
    await waitFor('the replay to be delivered', async () => (await pipeline.stores.deliveries.get(listed!.id))?.status === 'delivered');
    expect(new Set(receiver.received.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
  });

  it('isolates deliveries per account', async () => {
    const { accountId } = await account();
    expect(await pipeline.stores.deliveries.list(accountId, { limit: 10 })).toEqual([]);
    expect(await pipeline.stores.deliveries.list(randomUUID(), { limit: 10 })).toEqual([]);
  });
});
