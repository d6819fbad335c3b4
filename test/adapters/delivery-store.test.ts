import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coalescedDeliveryWrites } from '../../adapters/db/coalesced-deliveries.ts';
import { deliveryStore } from '../../adapters/db/deliveries.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { DeliveryStore, NewDelivery } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { recordingSql } from '../support/recording-sql.ts';

/**
 * On PostgreSQL a database of its own: claims take every due delivery, and the counts count every waiting one, so
 * other suites' deliveries must not be in the table.
 */
const drivers = [
  {
    name: 'pg',
    open: async () => {
      const database = await freshPostgresDatabase();
      const client = createPgClient(database.url, 6);
      return { ...client, close: async () => (await client.close(), await database.drop()) };
    },
  },
  { name: 'pglite', open: () => createPgliteClient(undefined) },
];

const T0 = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(drivers)('DeliveryStore conformance ($name)', (driver) => {
  let db: SqlClient;
  let store: DeliveryStore;
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    store = deliveryStore(db);
  });
  afterAll(() => db?.close());

  /** Deliveries of a fresh account, all due at T0. */
  async function enqueued(count: number, accountId = randomUUID()): Promise<NewDelivery[]> {
    const deliveries = Array.from({ length: count }, (_, index) => ({
      id: `msg_${randomBytes(10).toString('hex')}`,
      accountId,
      requestId: `r${index}`,
      operation: 'person.enrich',
      url: 'https://example.com/hook',
      body: '{}',
      createdAt: T0,
    }));
    for (const delivery of deliveries) expect(await store.enqueue(delivery)).toBe(true);
    return deliveries;
  }

  const claim = (now: Date, limit = 100, perAccount = 100, inFlight = new Map<string, number>()) =>
    store.claimDue({ now, limit, perAccount, leaseMs: 10_000, inFlight });

  it('stores a delivery once: the same event again is not a second delivery', async () => {
    const [delivery] = await enqueued(1);
    expect(await store.enqueue(delivery!)).toBe(false);
  });

  it('never hands one delivery to two claimers at once, and hands it again once the lease lapsed', async () => {
    const mine = await enqueued(20);
    const ids = new Set(mine.map((delivery) => delivery.id));
    const [first, second] = await Promise.all([claim(at(0)), claim(at(0))]);
    const claimed = [...first!, ...second!].filter((delivery) => ids.has(delivery.id));
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed.map((delivery) => delivery.id)).size).toBe(20);
    expect((await claim(at(5_000))).filter((delivery) => ids.has(delivery.id))).toEqual([]);
    const again = (await claim(at(11_000))).filter((delivery) => ids.has(delivery.id));
    expect(again).toHaveLength(20);
    expect(again.every((delivery) => delivery.attempt === 2)).toBe(true);
  });

  it('stores a delivery claimed for its first attempt: held for the lease, once, then due again', async () => {
    const delivery: NewDelivery = {
      id: `msg_${randomBytes(10).toString('hex')}`,
      accountId: randomUUID(),
      requestId: 'r',
      operation: 'person.enrich',
      url: 'https://example.com/hook',
      body: '{"a":1}',
      createdAt: T0,
    };
    const claimed = await store.enqueueClaimed(delivery, { now: at(0), leaseMs: 10_000 });
    expect(claimed).toEqual({ id: delivery.id, accountId: delivery.accountId, url: delivery.url, body: '{"a":1}', attempt: 1 });
    expect(await store.enqueueClaimed(delivery, { now: at(0), leaseMs: 10_000 })).toBeUndefined();
    expect(await store.enqueue(delivery)).toBe(false);
    const mine = (claims: { id: string }[]) => claims.filter((other) => other.id === delivery.id);
    expect(mine(await claim(at(5_000)))).toEqual([]);
    expect(mine(await claim(at(11_000)))).toEqual([{ ...claimed, attempt: 2 }]);
  });

  it('stores many deliveries in one statement, each as alone: one given twice, or stored before, is stored once', async () => {
    const fresh = (body: string): NewDelivery => ({
      id: `msg_${randomBytes(10).toString('hex')}`,
      accountId: randomUUID(),
      requestId: 'r',
      operation: 'person.enrich',
      url: 'https://example.com/hook',
      body,
      createdAt: T0,
    });
    const [before] = await enqueued(1);
    const [a, b, c] = [fresh('{"a":1}'), fresh('{"b":2}'), fresh('{"c":3}')];
    expect(await store.enqueueMany([a, before!, a, b])).toEqual([true, false, false, true]);
    const lease = { now: at(0), leaseMs: 10_000 };
    const claimed = await store.enqueueClaimedMany([c, a, c].map((delivery) => ({ delivery, claim: lease })));
    expect(claimed).toEqual([{ id: c.id, accountId: c.accountId, url: c.url, body: '{"c":3}', attempt: 1 }, undefined, undefined]);
    expect(await store.enqueueMany([])).toEqual([]);
    expect(await store.enqueueClaimedMany([])).toEqual([]);
  });

  it('logs many attempts in one statement, each moving its own delivery on', async () => {
    const [retried, delivered] = await enqueued(2);
    const claimed = (await claim(at(150_000))).filter((candidate) => [retried!.id, delivered!.id].includes(candidate.id));
    expect(claimed).toHaveLength(2);
    const attempt = (statusCode: number) => ({ attempt: 1, startedAt: at(150_000), outcome: 'failed' as const, statusCode, latencyMs: 7, error: null });
    await store.finishMany([
      { deliveryId: retried!.id, attempt: attempt(503), next: { status: 'pending', nextAttemptAt: at(160_000) }, now: at(150_010) },
      { deliveryId: delivered!.id, attempt: { ...attempt(200), outcome: 'delivered' }, next: { status: 'delivered' }, now: at(150_020) },
    ]);
    expect(await store.get(retried!.id)).toMatchObject({ status: 'pending', nextAttemptAt: at(160_000).toISOString(), updatedAt: at(150_010).toISOString() });
    expect((await store.get(retried!.id))!.attemptLog.map((logged) => logged.statusCode)).toEqual([503]);
    expect(await store.get(delivered!.id)).toMatchObject({ status: 'delivered', nextAttemptAt: null, updatedAt: at(150_020).toISOString() });
    expect((await store.get(delivered!.id))!.attemptLog.map((logged) => logged.outcome)).toEqual(['delivered']);
    await store.finishMany([]);
  });

  it('stores and logs what the delivery worker writes at once together, as deployed: two statements for fifty', async () => {
    const statements: string[] = [];
    const together = coalescedDeliveryWrites(deliveryStore(recordingSql(db, statements)));
    const deliveries = Array.from({ length: 50 }, (_, index) => ({
      id: `msg_${randomBytes(10).toString('hex')}`,
      accountId: randomUUID(),
      requestId: `r${index}`,
      operation: 'person.enrich',
      url: 'https://example.com/hook',
      body: `{"index":${index}}`,
      createdAt: T0,
    }));
    const lease = { now: at(0), leaseMs: 10_000 };
    const claimed = await Promise.all(deliveries.map((delivery) => together.enqueueClaimed(delivery, lease)));
    expect(claimed.map((delivery) => delivery?.body)).toEqual(deliveries.map((delivery) => delivery.body));
    const attempt = { attempt: 1, startedAt: at(10), outcome: 'delivered' as const, statusCode: 200, latencyMs: 3, error: null };
    await Promise.all(deliveries.map((delivery) => together.finish(delivery.id, attempt, { status: 'delivered' }, at(20))));
    expect(statements).toHaveLength(4);
    expect(await Promise.all(deliveries.map(async (delivery) => (await store.get(delivery.id))!.status))).toEqual(deliveries.map(() => 'delivered'));
  });

  it("claims for each account at most perAccount less what it has in flight", async () => {
    const accountId = randomUUID();
    await enqueued(5, accountId);
    const busy = await enqueued(5);
    const full = await enqueued(2);
    const inFlight = new Map([
      [busy[0]!.accountId, 2],
      [full[0]!.accountId, 3],
    ]);
    const claimed = await claim(at(100_000), 100, 3, inFlight);
    const of = (id: string) => claimed.filter((delivery) => delivery.accountId === id);
    expect(of(accountId)).toHaveLength(3);
    expect(of(busy[0]!.accountId)).toHaveLength(1);
    expect(of(full[0]!.accountId)).toEqual([]);
  });

  it('logs attempts, reschedules, and replays failed deliveries since a time', async () => {
    const [delivery] = await enqueued(1);
    const [claimed] = (await claim(at(200_000))).filter((candidate) => candidate.id === delivery!.id);
    await store.finish(delivery!.id, { attempt: claimed!.attempt, startedAt: at(200_000), outcome: 'failed', statusCode: 500, latencyMs: 12, error: null }, { status: 'failed' }, at(200_001));
    const failed = (await store.get(delivery!.id))!;
    expect(failed).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(failed.attemptLog).toEqual([{ attempt: claimed!.attempt, startedAt: at(200_000).toISOString(), outcome: 'failed', statusCode: 500, latencyMs: 12, error: null }]);
    expect(await store.replayFailedSince(delivery!.accountId, at(-1), at(300_000))).toBe(1);
    expect((await store.get(delivery!.id))!.status).toBe('pending');
    expect(await store.replay('msg_unknown0000', at(300_000))).toBe(false);
  });

  it('names the accounts with more than so many due deliveries awaiting a first attempt: not claimed, nor due later', async () => {
    const now = at(400_000);
    await claim(now, 1_000);
    const behind = (over: number, when = now) => store.accountsAwaitingFirstAttempt(when, over);
    expect(await behind(0)).toEqual([]);
    const busy = await enqueued(3);
    const accountId = busy[0]!.accountId;
    const quiet = await enqueued(1);
    // Neither a delivery claimed for its first attempt nor one due later is waiting for it now.
    await store.enqueueClaimed({ ...busy[0]!, id: `msg_${randomBytes(10).toString('hex')}` }, { now, leaseMs: 10_000 });
    await store.enqueue({ ...busy[0]!, id: `msg_${randomBytes(10).toString('hex')}`, createdAt: at(500_000) });
    expect(await behind(2)).toEqual([accountId]);
    expect((await behind(0)).sort()).toEqual([accountId, quiet[0]!.accountId].sort());
    expect(await behind(3)).toEqual([]);
    expect(await behind(3, at(500_000))).toEqual([accountId]);
    // Claimed, then failed and due again: it waits for a retry, not for a first attempt.
    const [first] = await claim(now, 1, 1, new Map([[quiet[0]!.accountId, 1]]));
    expect(first!.accountId).toBe(accountId);
    await store.finish(first!.id, { attempt: 1, startedAt: now, outcome: 'failed', statusCode: 500, latencyMs: 1, error: null }, { status: 'pending', nextAttemptAt: now }, now);
    expect(await behind(1)).toEqual([accountId]);
    expect(await behind(2)).toEqual([]);
  });

  it('forgets old finished deliveries, never pending ones', async () => {
    const [finished, pending] = await enqueued(2);
    await store.finish(finished!.id, { attempt: 1, startedAt: T0, outcome: 'delivered', statusCode: 200, latencyMs: 3, error: null }, { status: 'delivered' }, T0);
    await store.sweep(at(1));
    expect(await store.get(finished!.id)).toBeUndefined();
    expect(await store.get(pending!.id)).toBeDefined();
  });
});
