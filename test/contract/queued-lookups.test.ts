import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import type { Consumer } from '../../adapters/bus/port.ts';
import { systemClock } from '../../adapters/clock.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createStores } from '../../adapters/db/open.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { busDispatcher } from '../../adapters/dispatch/over-bus.ts';
import { createLogger } from '../../adapters/logger.ts';
import { memoryRateLimiter } from '../../adapters/rate-limit/memory.ts';
import { inProcessReplies } from '../../adapters/replies/in-process.ts';
import { issueApiKey } from '../../api/api-keys.ts';
import { createApp } from '../../api/app.ts';
import type { OperationSpec } from '../../schemas/v3/operations.ts';
import { startWorker } from '../../workers/runtime/worker.ts';
import { topicNames } from '../../schemas/events/topics.ts';

/**
 * The pipeline of embedded mode with one extra lookup whose handler is slower than the synchronous deadline:
 * past the deadline the caller gets 202 "queued, retry", and the retry gets the kept reply, worked once.
 */
const SLOW_LOOKUP: OperationSpec = {
  summary: 'a lookup slower than the deadline',
  worker: 'usage',
  onDeadline: 'queue',
  request: z.object({ name: z.string() }),
  response: z.object({ greeting: z.string() }),
};
const topics = topicNames('queued-test');
const TOPIC = topics.requests('usage');

describe('lookups past the synchronous deadline', () => {
  let db: SqlClient;
  let worker: Consumer;
  let app: ReturnType<typeof createApp>;
  let key: string;
  const handled: string[] = [];

  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
    const stores = createStores(db);
    const log = createLogger('silent');
    const bus = createEmbeddedBus({ db, log, pollMs: 20 });
    await bus.ensureTopics([{ name: TOPIC, partitions: 2 }]);
    const replies = inProcessReplies();
    worker = await startWorker({
      name: 'usage',
      topics,
      bus,
      replies,
      results: stores.idempotency,
      log,
      concurrency: 4,
      handlers: {
        'test.slow': async (request) => {
          const { name } = request.body as { name: string };
          handled.push(name);
          await new Promise((resolve) => setTimeout(resolve, name.startsWith('fast') ? 0 : 400));
          return { status: 200, body: { greeting: `hello ${name}` } };
        },
      },
    });
    app = createApp({
      log,
      clock: systemClock,
      stores,
      dispatcher: busDispatcher({ bus, inbox: replies, clock: systemClock, topicFor: () => TOPIC }),
      rateLimiter: memoryRateLimiter(),
      adminToken: 'admin-token-of-this-test-123456',
      ready: async () => {},
      operations: { 'test.slow': SLOW_LOOKUP },
      limits: {
        maxBodyBytes: 10_000,
        keyCacheMs: 0,
        idempotencyTtlHours: 24,
        idempotencyLockSeconds: 60,
        rateLimitWindowSeconds: 60,
        syncDeadlineMs: 150,
        resultTtlSeconds: 300,
      },
    });
    const plan = (await stores.plans.findByName('Standard'))!;
    const account = await stores.accounts.create({ name: 'A', planId: plan.id, identitySharing: false, billingAnchor: '2026-01-01' });
    key = (await issueApiKey(stores.apiKeys, account.id)).key;
  });
  afterAll(async () => {
    await worker?.stop();
    await db?.close();
  });

  const call = (name: string) =>
    app.request('/v3/test.slow', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });

  it('answers 202 past the deadline, then the kept reply on retry, worked once', async () => {
    const first = await call('ada');
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ status: 202, message: expect.stringMatching(/retry/), requestId: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const retry = await call('ada');
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ greeting: 'hello ada' });
    expect(handled.filter((name) => name === 'ada')).toHaveLength(1);
  });

  it('lets a retry made while the first is still worked on wait for it instead of sending it again', async () => {
    const first = await call('grace');
    expect(first.status).toBe(202);
    const retry = await call('grace');
    expect([200, 202]).toContain(retry.status);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const last = await call('grace');
    expect(last.status).toBe(200);
    expect(handled.filter((name) => name === 'grace')).toHaveLength(1);
  });

  it('answers within the deadline when the worker is quick', async () => {
    const quick = await call('fast-linus');
    expect(quick.status).toBe(200);
    expect(await quick.json()).toEqual({ greeting: 'hello fast-linus' });
  });
});
