import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import type { Bus, ConsumedMessage, Consumer, ConsumerOptions } from '../../adapters/bus/port.ts';
import { createLogger } from '../../adapters/logger.ts';
import { databaseUrl } from '../support/modes.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';

type Implementation = {
  name: string;
  /**
   * A bus whose consumers give up on messages still in hand about half a second after stop(): the suite
   * stops a consumer with a handler that never resolves to stand for a consumer that dies before committing.
   */
  open(): Promise<Bus>;
};

/** The embedded bus over a database of its own, as main.ts opens it; closing the bus closes the database too. */
async function embeddedBus(db: SqlClient, sharedDatabase: boolean): Promise<Bus> {
  await migrate(db);
  const bus = createEmbeddedBus({ db, log: createLogger('error'), pollMs: 50, retryDelayMs: 100, stopGraceMs: 500, sharedDatabase });
  return {
    ...bus,
    async close() {
      await bus.close();
      await db.close();
    },
  };
}

const implementations: Implementation[] = [
  { name: 'embedded (PGlite)', open: async () => embeddedBus(await createPgliteClient(undefined), false) },
  {
    name: 'embedded (PostgreSQL)',
    // A schema of its own in the shared test database, so the bus tables start empty.
    open: async () => {
      const schema = `bus_${randomUUID().replaceAll('-', '')}`;
      const url = new URL(databaseUrl());
      url.searchParams.set('options', `-c search_path=${schema}`);
      const db = createPgClient(url.toString(), 4);
      await db.execScript(`CREATE SCHEMA ${schema}`);
      return embeddedBus(db, true);
    },
  },
  {
    name: 'kafka',
    open: async () => createKafkaBus({ brokers: kafkaBrokers(), clientId: 'kith-bus-conformance', log: createLogger('error'), stopGraceMs: 500 }),
  },
];

/** Every test has topics and groups of its own, so tests never see each other's messages or offsets. */
const fresh = (kind: string) => `conformance-${kind}-${randomUUID()}`;

const valuesOf = (messages: ConsumedMessage[]) => messages.map((message) => message.value);

/** A promise with its resolve function, for handlers that hang until the test lets them go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(implementations)('Bus conformance ($name)', (implementation) => {
  let bus: Bus;
  const stopAtEnd: Consumer[] = [];
  beforeAll(async () => {
    bus = await implementation.open();
  });
  afterAll(async () => {
    await Promise.all(stopAtEnd.map((consumer) => consumer.stop()));
    await bus?.close();
  });

  async function topic(partitions: number): Promise<string> {
    const name = fresh('topic');
    await bus.ensureTopics([{ name, partitions, retentionMs: 3_600_000 }]);
    return name;
  }

  /** Starts a consumer that records what its handler completed (`handled`); `handle` may hang or reject. */
  async function consumeInto(options: Omit<ConsumerOptions, 'handle'> & { handle?: ConsumerOptions['handle'] }) {
    const handled: ConsumedMessage[] = [];
    const consumer = await bus.consume({
      ...options,
      async handle(message) {
        await options.handle?.(message);
        handled.push(message);
      },
    });
    stopAtEnd.push(consumer);
    return { consumer, handled };
  }

  it('creates topics idempotently, also when asked concurrently', async () => {
    const spec = { name: fresh('topic'), partitions: 2 };
    await Promise.all([bus.ensureTopics([spec]), bus.ensureTopics([spec])]);
    await bus.ensureTopics([spec, { name: fresh('topic'), partitions: 1 }]);
  });

  it('keeps the publish order of each key, for calls awaited one by one, multi-message calls and concurrent keys', async () => {
    const name = await topic(3);
    const keys = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    const perKey = 40;
    await Promise.all(
      keys.map(async (key) => {
        for (let index = 0; index < perKey; index += 4) {
          const values = [0, 1, 2, 3].map((step) => `${key}-${index + step}`);
          if (index % 8 === 0) await bus.publish(name, values.map((value) => ({ key, value })));
          else for (const value of values) await bus.publish(name, [{ key, value }]);
        }
      }),
    );
    // A handler of uneven speed, so that handling a partition's messages out of order would show.
    const { consumer, handled } = await consumeInto({
      groupId: fresh('group'),
      topics: [name],
      fromBeginning: true,
      handle: () => sleep(Math.random() < 0.2 ? 3 : 0),
    });
    await waitFor('every message', () => handled.length >= keys.length * perKey, { progress: () => handled.length });
    await consumer.stop();
    expect(handled).toHaveLength(keys.length * perKey);
    for (const key of keys) {
      const expected = Array.from({ length: perKey }, (_, index) => `${key}-${index}`);
      expect(valuesOf(handled.filter((message) => message.key === key))).toEqual(expected);
    }
  });

  it('shares a topic between the consumers of a group, each message handled once', async () => {
    const name = await topic(4);
    const groupId = fresh('group');
    const first = await consumeInto({ groupId, topics: [name], fromBeginning: true });
    const second = await consumeInto({ groupId, topics: [name], fromBeginning: true });
    const values = Array.from({ length: 100 }, (_, index) => `message-${index}`);
    await Promise.all(values.map((value, index) => bus.publish(name, [{ key: `key-${index}`, value }])));
    const all = () => [...first.handled, ...second.handled];
    await waitFor('every message', () => all().length >= values.length, { progress: () => all().length });
    await Promise.all([first.consumer.stop(), second.consumer.stop()]);
    expect(first.handled.length).toBeGreaterThan(0);
    expect(second.handled.length).toBeGreaterThan(0);
    expect(valuesOf(all()).sort()).toEqual([...values].sort());
  });

  it('delivers again what a consumer had in hand when it went away, and nothing it had handled', async () => {
    const name = await topic(1);
    const groupId = fresh('group');
    await bus.publish(name, ['m0', 'm1', 'm2'].map((value) => ({ key: 'k', value })));
    const stuck = gate();
    let m1Started = false;
    const dying = await consumeInto({
      groupId,
      topics: [name],
      fromBeginning: true,
      async handle(message) {
        if (message.value !== 'm1') return;
        m1Started = true;
        await stuck.opened;
      },
    });
    await waitFor('m1 in hand', () => m1Started);
    await dying.consumer.stop();
    const successor = await consumeInto({ groupId, topics: [name], fromBeginning: true });
    await waitFor('m2', () => valuesOf(successor.handled).includes('m2'), { progress: () => valuesOf(successor.handled) });
    stuck.open();
    expect(valuesOf(dying.handled)).toEqual(['m0']);
    expect(valuesOf(successor.handled)).toEqual(['m1', 'm2']);
  });

  it('does not deliver again what was handled before a clean stop', async () => {
    const name = await topic(1);
    const groupId = fresh('group');
    await bus.publish(name, ['m0', 'm1', 'm2'].map((value) => ({ key: 'k', value })));
    const before = await consumeInto({ groupId, topics: [name], fromBeginning: true });
    await waitFor('m0..m2', () => before.handled.length === 3);
    await before.consumer.stop();
    const after = await consumeInto({ groupId, topics: [name], fromBeginning: true });
    await bus.publish(name, [{ key: 'k', value: 'm3' }]);
    // One partition is read in order: had m0..m2 come again, they would have come before m3.
    await waitFor('m3', () => valuesOf(after.handled).includes('m3'), { progress: () => valuesOf(after.handled) });
    expect(valuesOf(after.handled)).toEqual(['m3']);
  });

  it("counts a group's backlog: every message before it commits, none once it has handled them", async () => {
    const name = await topic(3);
    const groupId = fresh('group');
    expect(await bus.backlog(groupId, name)).toBe(0);
    await bus.publish(name, ['a', 'b', 'c', 'd', 'e'].map((value) => ({ key: value, value })));
    expect(await bus.backlog(groupId, name)).toBe(5);
    const consumer = await consumeInto({ groupId, topics: [name], fromBeginning: true });
    await waitFor('a..e', () => consumer.handled.length === 5);
    await consumer.consumer.stop();
    expect(await bus.backlog(groupId, name)).toBe(0);
    await bus.publish(name, [{ key: 'f', value: 'f' }]);
    expect(await bus.backlog(groupId, name)).toBe(1);
  });

  it('delivers a message again when its handler rejected', async () => {
    const name = await topic(1);
    await bus.publish(name, ['m0', 'm1', 'm2'].map((value) => ({ key: 'k', value })));
    const attempts: string[] = [];
    const { handled } = await consumeInto({
      groupId: fresh('group'),
      topics: [name],
      fromBeginning: true,
      async handle(message) {
        attempts.push(message.value);
        if (message.value === 'm1' && attempts.filter((value) => value === 'm1').length === 1) throw new Error('first try fails');
      },
    });
    await waitFor('m2', () => valuesOf(handled).includes('m2'), { progress: () => attempts });
    expect(attempts).toEqual(['m0', 'm1', 'm1', 'm2']);
    expect(valuesOf(handled)).toEqual(['m0', 'm1', 'm2']);
  });

  it('handles a partition in parallel with concurrency > 1, yet commits only the handled prefix', async () => {
    const name = await topic(1);
    const groupId = fresh('group');
    const values = Array.from({ length: 8 }, (_, index) => `m${index}`);
    await bus.publish(name, values.map((value) => ({ key: 'k', value })));
    const stuck = gate();
    let inHand = 0;
    let mostInHand = 0;
    const first = await consumeInto({
      groupId,
      topics: [name],
      fromBeginning: true,
      concurrency: 4,
      async handle(message) {
        mostInHand = Math.max(mostInHand, ++inHand);
        try {
          await (message.value === 'm3' ? stuck.opened : sleep(30));
        } finally {
          inHand--;
        }
      },
    });
    await waitFor('all but m3', () => first.handled.length === values.length - 1, { progress: () => valuesOf(first.handled) });
    expect(mostInHand).toBeGreaterThan(1);
    expect(mostInHand).toBeLessThanOrEqual(4);
    await first.consumer.stop();
    const second = await consumeInto({ groupId, topics: [name], fromBeginning: true, concurrency: 4 });
    // m0..m2 were committed; m3 was not, so neither was anything after it.
    await waitFor('m3..m7', () => second.handled.length >= 5, { progress: () => valuesOf(second.handled) });
    stuck.open();
    expect(valuesOf(second.handled).sort()).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
  });

  it('starts a new group at the oldest message with fromBeginning, otherwise at the next one published', async () => {
    const name = await topic(1);
    await bus.publish(name, ['early-0', 'early-1'].map((value) => ({ key: 'k', value })));
    const fromStart = await consumeInto({ groupId: fresh('group'), topics: [name], fromBeginning: true });
    const fromNow = await consumeInto({ groupId: fresh('group'), topics: [name] });
    await bus.publish(name, [{ key: 'k', value: 'late-0' }]);
    await waitFor('late-0 in both groups', () => fromStart.handled.length === 3 && fromNow.handled.length > 0, {
      progress: () => [valuesOf(fromStart.handled), valuesOf(fromNow.handled)],
    });
    expect(valuesOf(fromStart.handled)).toEqual(['early-0', 'early-1', 'late-0']);
    expect(valuesOf(fromNow.handled)).toEqual(['late-0']);
  });
});
