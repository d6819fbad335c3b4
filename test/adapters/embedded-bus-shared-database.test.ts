import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import type { Bus } from '../../adapters/bus/port.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { createLogger } from '../../adapters/logger.ts';
import { databaseUrl } from '../support/modes.ts';

const ROUNDS = 40;
const KEYS = Array.from({ length: 12 }, (_, index) => `key-${index}`);

describe('the embedded bus on a PostgreSQL shared by several processes', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  /** A pool of its own, as another process has, on a schema of this test's. */
  function client(schema: string): SqlClient {
    const url = new URL(databaseUrl());
    url.searchParams.set('options', `-c search_path=${schema}`);
    const db = createPgClient(url.toString(), 4);
    closing.push(() => db.close());
    return db;
  }

  function bus(db: SqlClient): Bus {
    const opened = createEmbeddedBus({ db, log: createLogger('error'), pollMs: 600_000 });
    closing.push(() => opened.close());
    return opened;
  }

  it('appends to the same partitions at once from two processes without deadlock, each message stored once at offsets without gaps', async () => {
    const schema = `bus_${randomUUID().replaceAll('-', '')}`;
    const first = client(schema);
    await first.execScript(`CREATE SCHEMA ${schema}`);
    await migrate(first);
    const second = client(schema);
    const [one, other] = [bus(first), bus(second)];
    await one.ensureTopics([{ name: 'orders', partitions: 4 }]);

    // Each round, both processes publish to every partition at once; in reverse key order from the second one.
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all([
        one.publish('orders', KEYS.map((key) => ({ key, value: `one ${round}` }))),
        other.publish('orders', [...KEYS].reverse().map((key) => ({ key, value: `other ${round}` }))),
        one.publish('orders', KEYS.map((key) => ({ key, value: `one ${round} again` }))),
      ]);
    }

    const stored = await first.query<{ partition: number; count: string; max: string }>(
      `SELECT partition, count(*)::text AS count, max("offset")::text AS max FROM bus_messages WHERE topic = 'orders' GROUP BY partition`,
    );
    const total = stored.reduce((sum, row) => sum + Number(row.count), 0);
    expect(total).toBe(ROUNDS * KEYS.length * 3);
    for (const row of stored) expect(Number(row.max)).toBe(Number(row.count) - 1);
    const next = await first.query<{ partition: number; next_offset: string }>(`SELECT partition, next_offset::text FROM bus_partitions WHERE topic = 'orders'`);
    expect(Object.fromEntries(next.map((row) => [row.partition, Number(row.next_offset)]))).toEqual(
      Object.fromEntries(stored.map((row) => [row.partition, Number(row.count)])),
    );
  });
});
