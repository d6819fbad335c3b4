import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyStore } from '../../adapters/db/idempotency.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { IdempotencyStore } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { databaseUrl } from '../support/modes.ts';

const drivers = [
  { name: 'pg', open: async () => createPgClient(databaseUrl(), 4) },
  { name: 'pglite', open: () => createPgliteClient(undefined) },
];

const T0 = new Date('2026-06-01T12:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const HOUR = 3_600_000;

describe.each(drivers)('IdempotencyStore conformance ($name)', (driver) => {
  let db: SqlClient;
  let store: IdempotencyStore;
  const accountId = randomUUID();
  beforeAll(async () => {
    db = await driver.open();
    await migrate(db);
    store = idempotencyStore(db);
  });
  afterAll(() => db?.close());

  const claim = (key: string, requestHash: string, now: Date) =>
    store.claim({
      accountId,
      key,
      requestHash,
      now,
      expiredBefore: new Date(now.getTime() - 24 * HOUR),
      abandonedBefore: new Date(now.getTime() - 60_000),
    });

  const find = (key: string, requestHash: string, now: Date) =>
    store.find({ accountId, key, requestHash, expiredBefore: new Date(now.getTime() - 24 * HOUR), abandonedBefore: new Date(now.getTime() - 60_000) });

  it('finds what a claim would find, without claiming: nothing for a free or abandoned key, else its claim or answer', async () => {
    const key = randomUUID();
    expect(await find(key, 'h1', T0)).toBeUndefined();
    expect(await claim(key, 'h1', T0)).toEqual({ kind: 'claimed' });
    expect(await find(key, 'h1', later(1000))).toEqual({ kind: 'in-flight' });
    expect(await find(key, 'h1', later(120_000))).toBeUndefined();
    await store.complete(accountId, key, { status: 404, body: '{"status":404}' });
    expect(await find(key, 'h1', later(120_000))).toEqual({ kind: 'completed', answer: { status: 404, body: '{"status":404}' } });
    const unclaimed = randomUUID();
    await find(unclaimed, 'h1', T0);
    expect(await db.query('SELECT key FROM idempotency_keys WHERE key = $1', [unclaimed])).toEqual([]);
  });

  it('finds many keys in one read, each as find finds it, in the order asked', async () => {
    const [free, inFlight, answered, abandoned] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await claim(inFlight, 'h1', later(100_000));
    await claim(answered, 'h1', T0);
    await store.complete(accountId, answered, { status: 200, body: '{"status":200}' });
    await claim(abandoned, 'h1', T0);
    const now = later(120_000);
    const asked = [
      { key: answered, requestHash: 'h1' },
      { key: free, requestHash: 'h1' },
      { key: inFlight, requestHash: 'h1' },
      { key: inFlight, requestHash: 'h2' },
      { key: abandoned, requestHash: 'h1' },
    ];
    const inputs = asked.map(({ key, requestHash }) => ({ accountId, key, requestHash, expiredBefore: new Date(now.getTime() - 24 * HOUR), abandonedBefore: new Date(now.getTime() - 60_000) }));
    const found = await store.findMany(inputs);
    expect(found).toEqual([
      { kind: 'completed', answer: { status: 200, body: '{"status":200}' } },
      undefined,
      { kind: 'in-flight' },
      { kind: 'mismatch' },
      undefined,
    ]);
    expect(found).toEqual(await Promise.all(asked.map(({ key, requestHash }) => find(key, requestHash, now))));
  });

  it('lists the keys of a prefix claimed since a time, of every account', async () => {
    const prefix = `listed-${randomUUID()}:`;
    const [recent, old] = [`${prefix}recent`, `${prefix}old`];
    await claim(old, 'h1', T0);
    await claim(recent, 'h1', later(HOUR));
    await store.claim({ accountId: randomUUID(), key: `${prefix}other-account`, requestHash: 'h1', now: later(HOUR), expiredBefore: T0, abandonedBefore: T0 });
    await claim(`other-${randomUUID()}`, 'h1', later(HOUR));
    const listed = await store.claimedKeys(prefix, later(HOUR));
    expect(listed.map((held) => held.key).sort()).toEqual([`${prefix}other-account`, recent]);
    expect(listed.find((held) => held.key === recent)).toEqual({ accountId, key: recent, claimedAt: later(HOUR) });
  });

  it('claims a new key once: a second claim sees it in flight, another request a mismatch', async () => {
    const key = randomUUID();
    expect(await claim(key, 'h1', T0)).toEqual({ kind: 'claimed' });
    expect(await claim(key, 'h1', later(1000))).toEqual({ kind: 'in-flight' });
    expect(await claim(key, 'h2', later(1000))).toEqual({ kind: 'mismatch' });
  });

  it('replays a completed answer until it expires, then lets the key be claimed again', async () => {
    const key = randomUUID();
    await claim(key, 'h1', T0);
    await store.complete(accountId, key, { status: 200, body: '{"ok":true}' });
    expect(await claim(key, 'h1', later(HOUR))).toEqual({ kind: 'completed', answer: { status: 200, body: '{"ok":true}' } });
    expect(await claim(key, 'h2', later(25 * HOUR))).toEqual({ kind: 'claimed' });
  });

  it('takes over a claim abandoned by a process that died, for the same request only', async () => {
    const key = randomUUID();
    await claim(key, 'h1', T0);
    expect(await claim(key, 'h2', later(120_000))).toEqual({ kind: 'mismatch' });
    expect(await claim(key, 'h1', later(120_000))).toEqual({ kind: 'claimed' });
  });

  it('lets a released claim be made again', async () => {
    const key = randomUUID();
    await claim(key, 'h1', T0);
    await store.release(accountId, key);
    expect(await claim(key, 'h2', later(1000))).toEqual({ kind: 'claimed' });
  });

  it('keeps the event a failed answer handed over, for the same request only, which takes it over at once', async () => {
    const key = randomUUID();
    const handedOver = JSON.stringify({ eventId: randomUUID() });
    await claim(key, 'h1', T0);
    await store.release(accountId, key, handedOver);
    expect(await claim(key, 'h2', later(1000))).toEqual({ kind: 'mismatch' });
    expect(await claim(key, 'h1', later(1000))).toEqual({ kind: 'claimed', handedOver });
    expect(await claim(key, 'h1', later(2000))).toEqual({ kind: 'in-flight' });
    // The retry fails again, still holding the event, then answers.
    await store.release(accountId, key);
    expect(await claim(key, 'h1', later(3000))).toEqual({ kind: 'claimed', handedOver });
    await store.complete(accountId, key, { status: 202, body: '{}' });
    expect(await claim(key, 'h1', later(4000))).toEqual({ kind: 'completed', answer: { status: 202, body: '{}' } });
  });

  it('forgets a handed-over event when the key expires', async () => {
    const key = randomUUID();
    await claim(key, 'h1', T0);
    await store.release(accountId, key, '{"eventId":"first"}');
    expect(await claim(key, 'h1', later(25 * HOUR))).toEqual({ kind: 'claimed' });
  });

  it('gives a handed-over event to exactly one of many concurrent claims', async () => {
    const key = randomUUID();
    await claim(key, 'h1', T0);
    await store.release(accountId, key, '{"eventId":"first"}');
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(key, 'h1', later(1000))));
    expect(results.filter((result) => result.kind === 'claimed')).toEqual([{ kind: 'claimed', handedOver: '{"eventId":"first"}' }]);
    expect(results.filter((result) => result.kind === 'in-flight')).toHaveLength(7);
  });

  it('gives exactly one of many concurrent claims', async () => {
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(key, 'h1', T0)));
    expect(results.filter((result) => result.kind === 'claimed')).toHaveLength(1);
  });

  it('keeps keys per account', async () => {
    const key = randomUUID();
    await claim(key, 'h1', T0);
    const other = await store.claim({
      accountId: randomUUID(),
      key,
      requestHash: 'h2',
      now: T0,
      expiredBefore: later(-24 * HOUR),
      abandonedBefore: later(-60_000),
    });
    expect(other).toEqual({ kind: 'claimed' });
  });
});
