import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyStore } from '../../adapters/db/idempotency.ts';
import { meteredSql } from '../../adapters/db/metered.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { PGLITE_START_MS } from '../../test/support/pglite-start.ts';
import type { IdempotencyStore } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { keptReplyKey } from './kept-replies.ts';
import { knownKeptReplies } from './known-kept-replies.ts';

const T0 = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const KEEP_MS = 300_000;
const READ_AGAIN_MS = 500;
const OVERLAP_MS = 5_000;

describe('knownKeptReplies (PGlite)', () => {
  let db: SqlClient;
  let store: IdempotencyStore;
  let statements = 0;
  const accountId = randomUUID();
  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
    store = idempotencyStore(meteredSql(db, { statement: () => statements++, transaction: () => {} }));
  }, PGLITE_START_MS);
  afterAll(() => db?.close());

  /** The wrapper on a clock the test sets: its only writer (the embedded mode), or one of several. */
  function known(writers: 'sole' | 'several', over: IdempotencyStore = store) {
    const clock = { time: T0, now: () => clock.time };
    const wrapped = knownKeptReplies(over, { keepMs: KEEP_MS, clock, readAgainAfterMs: writers === 'sole' ? Infinity : READ_AGAIN_MS, overlapMs: OVERLAP_MS });
    return { store: wrapped, clock };
  }
  const input = (key: string, now: Date) => ({
    accountId,
    key,
    requestHash: 'h1',
    now,
    expiredBefore: new Date(now.getTime() - KEEP_MS),
    abandonedBefore: new Date(now.getTime() - 60_000),
  });
  /** What a find at `now` answers, and how many statements it sent. */
  async function found(writer: ReturnType<typeof known>, key: string, now: Date) {
    writer.clock.time = now;
    const before = statements;
    const held = await writer.store.find(input(key, now));
    return { held, statements: statements - before };
  }
  const kept = (status: number, body: string) => ({ kind: 'completed', answer: { status, body } });

  it('answers a kept-reply key never claimed as free, reading the claims once and no key', async () => {
    const writer = known('sole');
    expect(await found(writer, keptReplyKey(randomUUID()), T0)).toEqual({ held: undefined, statements: 1 });
    expect(await found(writer, keptReplyKey(randomUUID()), at(KEEP_MS * 10))).toEqual({ held: undefined, statements: 0 });
  });

  it('reads a kept-reply key it claimed, until its keep time is over', async () => {
    const writer = known('sole');
    const key = keptReplyKey(randomUUID());
    await found(writer, keptReplyKey(randomUUID()), T0);
    expect(await writer.store.claim(input(key, T0))).toEqual({ kind: 'claimed' });
    expect(await found(writer, key, at(1000))).toEqual({ held: { kind: 'in-flight' }, statements: 1 });
    await store.complete(accountId, key, { status: 200, body: '{}' });
    expect(await found(writer, key, at(KEEP_MS))).toEqual({ held: kept(200, '{}'), statements: 1 });
    expect(await found(writer, key, at(KEEP_MS + 1))).toEqual({ held: undefined, statements: 0 });
  });

  it('reads the kept-reply keys claimed before its first lookup (a restart)', async () => {
    const key = keptReplyKey(randomUUID());
    await store.claim(input(key, T0));
    await store.complete(accountId, key, { status: 404, body: '{"status":404}' });
    const writer = known('sole');
    expect(await found(writer, key, at(1000))).toEqual({ held: kept(404, '{"status":404}'), statements: 2 });
  });

  it('keeps every claim within its keep time as later ones are made', async () => {
    const writer = known('sole');
    await found(writer, keptReplyKey(randomUUID()), T0);
    const [first, second, third] = [keptReplyKey(randomUUID()), keptReplyKey(randomUUID()), keptReplyKey(randomUUID())];
    await writer.store.claim(input(first, T0));
    await writer.store.claim(input(second, at(KEEP_MS / 2)));
    await writer.store.claim(input(third, at(KEEP_MS + 1)));
    for (const key of [first, second, third]) await store.complete(accountId, key, { status: 200, body: '{}' });
    expect(await found(writer, first, at(KEEP_MS + 2))).toEqual({ held: undefined, statements: 0 });
    expect(await found(writer, second, at(KEEP_MS + 2))).toEqual({ held: kept(200, '{}'), statements: 1 });
    expect(await found(writer, third, at(KEEP_MS + 2))).toEqual({ held: kept(200, '{}'), statements: 1 });
  });

  it('leaves any other key to the store: an Idempotency-Key is always read', async () => {
    const writer = known('sole');
    const key = randomUUID();
    await store.claim(input(key, T0));
    expect(await found(writer, key, at(1000))).toEqual({ held: { kind: 'in-flight' }, statements: 1 });
  });

  it("sees another writer's claim once its last read of the claims is older than readAgainAfterMs", async () => {
    const writer = known('several');
    await found(writer, keptReplyKey(randomUUID()), T0);
    const key = keptReplyKey(randomUUID());
    await store.claim(input(key, at(100))); // another ingress replica's claim
    // Within the half-second the claims read stand: the key is taken to be free (the documented window).
    expect(await found(writer, key, at(READ_AGAIN_MS))).toEqual({ held: undefined, statements: 0 });
    // Past it they are read again (one statement), then the key itself.
    expect(await found(writer, key, at(READ_AGAIN_MS + 1))).toEqual({ held: { kind: 'in-flight' }, statements: 2 });
    expect(await found(writer, key, at(READ_AGAIN_MS + 2))).toEqual({ held: { kind: 'in-flight' }, statements: 1 });
  });

  it('reads back before its last read: a claim stamped by a clock behind is seen', async () => {
    const writer = known('several');
    await found(writer, keptReplyKey(randomUUID()), at(10_000));
    const key = keptReplyKey(randomUUID());
    await store.claim(input(key, at(10_000 - OVERLAP_MS + 1))); // committed after that read, stamped 5 s earlier
    expect(await found(writer, key, at(10_000 + READ_AGAIN_MS + 1))).toEqual({ held: { kind: 'in-flight' }, statements: 2 });
  });

  it('reads the claims once for every lookup that needs them at the same time', async () => {
    const writer = known('several');
    const before = statements;
    const held = await Promise.all([1, 2, 3].map(() => writer.store.find(input(keptReplyKey(randomUUID()), T0))));
    expect({ held, statements: statements - before }).toEqual({ held: [undefined, undefined, undefined], statements: 1 });
  });

  it('reads the key itself when the claims cannot be read', async () => {
    const key = keptReplyKey(randomUUID());
    await store.claim(input(key, T0));
    const failing: IdempotencyStore = { ...store, claimedKeys: () => Promise.reject(new Error('database unreachable')) };
    expect(await found(known('several', failing), key, at(1000))).toEqual({ held: { kind: 'in-flight' }, statements: 1 });
  });
});
