import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import type { Bus, Consumer } from '../../adapters/bus/port.ts';
import { systemClock } from '../../adapters/clock.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { createLogger } from '../../adapters/logger.ts';
import { inProcessReplies } from '../../adapters/replies/in-process.ts';
import type { RequestOf } from '../../schemas/events/operation-requested.ts';
import { topicNames } from '../../schemas/events/topics.ts';
import { startWorker } from '../../workers/runtime/worker.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';

/** The one operation of this test: a change of a step that takes delayMs to apply. */
const TEST_PAYLOADS = { 'test.change': z.object({ step: z.string(), delayMs: z.number() }) };

const log = createLogger('error');

/**
 * Requests with one order key (one record's changes) are handled one after another in the order they were
 * published, even with many requests of the partition in hand at once and handlers of varying speed; requests
 * without a key overtake them.
 */
describe.each(['embedded', 'kafka'] as const)('ordered changes in the worker runtime (%s bus)', (kind) => {
  let db: SqlClient;
  let bus: Bus;
  let worker: Consumer;
  const handled: string[] = [];

  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
    bus =
      kind === 'embedded'
        ? createEmbeddedBus({ db, log, pollMs: 20, retryDelayMs: 100, stopGraceMs: 500 })
        : createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-ordered-changes', log, stopGraceMs: 500 });
    const topics = topicNames(`ordered-${randomUUID().slice(0, 8)}`);
    await bus.ensureTopics([{ name: topics.requests('identity'), partitions: 1 }]);
    worker = await startWorker({
      name: 'identity',
      topics,
      bus,
      replies: inProcessReplies(),
      log,
      clock: systemClock,
      concurrency: 16,
      payloads: TEST_PAYLOADS,
      handlers: {
        async 'test.change'(request) {
          const { step, delayMs } = request.body;
          await sleep(delayMs);
          handled.push(step);
          return { status: 200, body: {} };
        },
      },
    });
    const accountId = randomUUID();
    const event = (step: string, delayMs: number, orderKey?: string): RequestOf<typeof TEST_PAYLOADS, 'test.change'> => ({
      eventId: randomUUID(),
      requestId: step,
      accountId,
      operation: 'test.change',
      body: { step, delayMs },
      query: {},
      receivedAt: new Date().toISOString(),
      ...(orderKey && { orderKey }),
    });
    // Earlier changes of the record are the slow ones: handled concurrently they would finish last.
    const changes = [
      event('record-1', 120, 'r'),
      event('record-2', 60, 'r'),
      event('other-1', 0),
      event('record-3', 0, 'r'),
      event('other-2', 0),
    ];
    await bus.publish(
      topics.requests('identity'),
      changes.map((request) => ({ key: request.orderKey ?? accountId, value: JSON.stringify(request) })),
    );
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
    await bus?.close();
    await db?.close();
  });

  it('handles one key in publish order, and lets the rest pass', async () => {
    await waitFor('every change handled', () => handled.length === 5, { timeoutMs: 30_000 });
    expect(handled.filter((step) => step.startsWith('record'))).toEqual(['record-1', 'record-2', 'record-3']);
    expect(handled.indexOf('other-1')).toBeLessThan(handled.indexOf('record-1'));
  });
});
