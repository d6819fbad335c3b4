import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import type { Bus, ConsumedMessage } from '../../adapters/bus/port.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { createLogger } from '../../adapters/logger.ts';
import { recordingSql as recording } from '../support/recording-sql.ts';
import { waitFor } from '../support/wait-for.ts';

const log = createLogger('error');

const reads = (statements: string[]) => statements.filter((text) => text.includes('FROM bus_messages m'));
const appends = (statements: string[]) => statements.filter((text) => text.includes('INSERT INTO bus_messages'));
const commits = (statements: string[]) => statements.filter((text) => text.includes('INSERT INTO bus_offsets') && text.includes('VALUES'));

describe('the embedded bus, counted in statements', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  async function database() {
    const db = await createPgliteClient(undefined);
    await migrate(db);
    closing.push(() => db.close());
    return db;
  }

  function bus(db: SqlClient, pollMs: number, commitDelayMs?: number): Bus {
    const opened = createEmbeddedBus({ db, log, pollMs, commitDelayMs, sharedDatabase: false });
    closing.push(() => opened.close());
    return opened;
  }

  it('hands a message published in this process to its reader without reading it back, and wakes no other partition', async () => {
    const statements: string[] = [];
    // No poll comes within the test: what the statements show is the publish and its reader alone.
    const embedded = bus(recording(await database(), statements), 600_000);
    await embedded.ensureTopics([{ name: 'orders', partitions: 8 }]);
    const handled: ConsumedMessage[] = [];
    await embedded.consume({ groupId: 'g', topics: ['orders'], handle: async (message) => void handled.push(message) });
    await waitFor('every partition read once on start', () => reads(statements).length === 8);

    statements.length = 0;
    await embedded.publish('orders', [{ key: 'k', value: 'first' }]);
    await waitFor('the message handled and committed', () => handled.length === 1 && commits(statements).length === 1);

    expect(handled.map((message) => message.value)).toEqual(['first']);
    expect(appends(statements)).toHaveLength(1);
    expect(reads(statements)).toHaveLength(0);
    expect(statements).toHaveLength(2);
  });

  it('stores the publishes made together, to several partitions, in one statement, each partition in its order', async () => {
    const statements: string[] = [];
    const embedded = bus(recording(await database(), statements), 600_000);
    await embedded.ensureTopics([{ name: 'orders', partitions: 4 }, { name: 'events', partitions: 2 }]);
    const handled: ConsumedMessage[] = [];
    await embedded.consume({ groupId: 'g', topics: ['orders', 'events'], handle: async (message) => void handled.push(message) });
    await waitFor('every partition read once on start', () => reads(statements).length === 6);

    statements.length = 0;
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    // The first publish of the turn goes at once; the two made after it go together.
    await Promise.all([
      embedded.publish('events', [{ key: 'k1', value: 'event' }]),
      embedded.publish('orders', keys.map((key) => ({ key, value: `${key} first` }))),
      embedded.publish('orders', keys.map((key) => ({ key, value: `${key} second`, headers: { n: '2' } }))),
    ]);
    await waitFor('every message handled', () => handled.length === 13);

    expect(appends(statements)).toHaveLength(2);
    const partitions = new Set(handled.filter((message) => message.topic === 'orders').map((message) => message.partition));
    expect(partitions.size).toBeGreaterThan(1);
    for (const key of keys) {
      const ofKey = handled.filter((message) => message.topic === 'orders' && message.key === key);
      expect(ofKey.map((message) => [message.value, message.headers])).toEqual([[`${key} first`, {}], [`${key} second`, { n: '2' }]]);
    }
    for (const partition of partitions) {
      const offsets = handled.filter((message) => message.topic === 'orders' && message.partition === partition).map((message) => Number(message.offset));
      expect(offsets).toEqual(offsets.map((_, index) => index));
    }
    expect(handled.filter((message) => message.topic === 'events').map((message) => [message.value, message.offset])).toEqual([['event', '0']]);
  });

  it('commits what was handled together, counting it out of the backlog meanwhile, and commits it at stop', async () => {
    const statements: string[] = [];
    // No commit is due within the test: only the stop commits.
    const embedded = bus(recording(await database(), statements), 600_000, 600_000);
    await embedded.ensureTopics([{ name: 'orders', partitions: 1 }]);
    const handled: string[] = [];
    const consumer = await embedded.consume({ groupId: 'g', topics: ['orders'], handle: async (message) => void handled.push(message.value) });
    for (const value of ['a', 'b', 'c', 'd', 'e']) await embedded.publish('orders', [{ key: 'k', value }]);
    await waitFor('five handled', () => handled.length === 5);

    expect(commits(statements)).toHaveLength(0);
    expect(await embedded.backlog('g', 'orders')).toBe(0);
    await consumer.stop();
    expect(commits(statements)).toHaveLength(1);
    expect(await embedded.backlog('g', 'orders')).toBe(0);
  });

  it('finds, by its poll, what another bus on the same database published, and reads it there', async () => {
    const statements: string[] = [];
    const db = await database();
    const reader = bus(recording(db, statements), 50);
    const writer = bus(db, 50);
    await reader.ensureTopics([{ name: 'orders', partitions: 2 }]);
    const handled: string[] = [];
    await reader.consume({ groupId: 'g', topics: ['orders'], handle: async (message) => void handled.push(message.value) });
    const readsBefore = reads(statements).length;

    await writer.publish('orders', [{ key: 'a', value: 'one' }, { key: 'b', value: 'two' }, { key: 'a', value: 'three' }]);
    await waitFor('the messages handled', () => handled.length === 3, { progress: () => handled });

    expect(handled.filter((value) => value !== 'two')).toEqual(['one', 'three']);
    expect(reads(statements).length).toBeGreaterThan(readsBefore);
  });
});
