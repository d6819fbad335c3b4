import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import type { Bus, ConsumedMessage } from '../../adapters/bus/port.ts';
import { systemClock } from '../../adapters/clock.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { busDispatcher } from '../../adapters/dispatch/over-bus.ts';
import { createLogger } from '../../adapters/logger.ts';
import { inProcessReplies } from '../../adapters/replies/in-process.ts';
import type { RequestEvent } from '../../schemas/events/operation-requested.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';

const log = createLogger('error');
const implementations = [
  {
    name: 'embedded bus (PGlite)',
    open: async (): Promise<Bus> => {
      const db = await createPgliteClient(undefined);
      await migrate(db);
      const bus = createEmbeddedBus({ db, log, pollMs: 50 });
      return { ...bus, close: async () => (await bus.close(), await db.close()) };
    },
  },
  { name: 'kafka', open: async (): Promise<Bus> => createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-request-keys', log }) },
];

const PARTITIONS = 4;
const accountId = randomUUID();
const request = (orderKey?: string): RequestEvent => ({
  eventId: randomUUID(),
  requestId: randomUUID(),
  accountId,
  operation: orderKey ? 'tags.create' : 'person.enrich',
  body: {},
  query: {},
  receivedAt: new Date().toISOString(),
  ...(orderKey && { orderKey }),
});

describe.each(implementations)('which partition a request takes ($name)', (implementation) => {
  let bus: Bus;
  beforeAll(async () => {
    bus = await implementation.open();
  });
  afterAll(() => bus?.close());

  it("spreads one account's lookups over the partitions and keeps one record's changes on one", async () => {
    const topic = `request-keys-${randomUUID()}`;
    await bus.ensureTopics([{ name: topic, partitions: PARTITIONS }]);
    const dispatcher = busDispatcher({ bus, inbox: inProcessReplies(), clock: systemClock, topicFor: () => topic });
    const lookups = Array.from({ length: 40 }, () => request());
    const changes = Array.from({ length: 10 }, () => request(`${accountId}/record-1`));
    for (const each of [...lookups, ...changes]) await dispatcher.enqueue(each);

    const received: ConsumedMessage[] = [];
    const consumer = await bus.consume({
      groupId: `request-keys-${randomUUID()}`,
      topics: [topic],
      fromBeginning: true,
      handle: async (message) => void received.push(message),
    });
    try {
      await waitFor('every request consumed', async () => received.length === 50, { timeoutMs: 30_000 });
    } finally {
      await consumer.stop();
    }
    const partitionOf = (ids: Set<string>) =>
      new Set(received.filter((message) => ids.has((JSON.parse(message.value) as RequestEvent).eventId)).map((message) => message.partition));
    // 40 random keys all on one of 4 partitions: a chance of 4 × 4^-40.
    expect(partitionOf(new Set(lookups.map((each) => each.eventId))).size).toBeGreaterThan(1);
    expect(partitionOf(new Set(changes.map((each) => each.eventId))).size).toBe(1);
  });
});
