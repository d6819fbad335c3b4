import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyStore } from '../../adapters/db/idempotency.ts';
import { meteredSql } from '../../adapters/db/metered.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { IdempotencyStore } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { KEPT_REPLY_PREFIX, keptReplyKey } from './kept-replies.ts';
import { soleWriterKeptReplies } from './sole-writer-kept-replies.ts';

const T0 = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const KEEP_MS = 300_000;

describe('soleWriterKeptReplies (PGlite)', () => {
  let db: SqlClient;
  let store: IdempotencyStore;
  let statements = 0;
  const accountId = randomUUID();
  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
    store = idempotencyStore(meteredSql(db, { statement: () => statements++, transaction: () => {} }));
  });
  afterAll(() => db?.close());

  const input = (key: string, now: Date) => ({
    accountId,
    key,
    requestHash: 'h1',
    now,
    expiredBefore: new Date(now.getTime() - KEEP_MS),
    abandonedBefore: new Date(now.getTime() - 60_000),
  });
  /** What a find answers, and how many statements it sent. */
  async function found(writer: IdempotencyStore, key: string, now: Date) {
    const before = statements;
    const held = await writer.find(input(key, now));
    return { held, statements: statements - before };
  }

  it('answers a kept-reply key never claimed as free without reading it', async () => {
    const writer = soleWriterKeptReplies(store, { keepMs: KEEP_MS, heldAtStart: [] });
    expect(await found(writer, keptReplyKey(randomUUID()), T0)).toEqual({ held: undefined, statements: 0 });
  });

  it('reads a kept-reply key it claimed, until its keep time is over', async () => {
    const writer = soleWriterKeptReplies(store, { keepMs: KEEP_MS, heldAtStart: [] });
    const key = keptReplyKey(randomUUID());
    expect(await writer.claim(input(key, T0))).toEqual({ kind: 'claimed' });
    expect(await found(writer, key, at(1000))).toEqual({ held: { kind: 'in-flight' }, statements: 1 });
    await store.complete(accountId, key, { status: 200, body: '{}' });
    expect(await found(writer, key, at(KEEP_MS))).toEqual({ held: { kind: 'completed', answer: { status: 200, body: '{}' } }, statements: 1 });
    expect(await found(writer, key, at(KEEP_MS + 1))).toEqual({ held: undefined, statements: 0 });
  });

  it('reads the kept-reply keys held when it started', async () => {
    const key = keptReplyKey(randomUUID());
    await store.claim(input(key, T0));
    await store.complete(accountId, key, { status: 404, body: '{"status":404}' });
    const writer = soleWriterKeptReplies(store, { keepMs: KEEP_MS, heldAtStart: await store.claimedKeys(KEPT_REPLY_PREFIX, at(-KEEP_MS)) });
    expect(await found(writer, key, at(1000))).toEqual({ held: { kind: 'completed', answer: { status: 404, body: '{"status":404}' } }, statements: 1 });
  });

  it('keeps every claim within its keep time as later ones are made', async () => {
    const writer = soleWriterKeptReplies(store, { keepMs: KEEP_MS, heldAtStart: [] });
    const [first, second, third] = [keptReplyKey(randomUUID()), keptReplyKey(randomUUID()), keptReplyKey(randomUUID())];
    await writer.claim(input(first, T0));
    await writer.claim(input(second, at(KEEP_MS / 2)));
    await writer.claim(input(third, at(KEEP_MS + 1)));
    for (const key of [first, second, third]) await store.complete(accountId, key, { status: 200, body: '{}' });
    const kept = { kind: 'completed', answer: { status: 200, body: '{}' } };
    expect(await found(writer, first, at(KEEP_MS + 2))).toEqual({ held: undefined, statements: 0 });
    expect(await found(writer, second, at(KEEP_MS + 2))).toEqual({ held: kept, statements: 1 });
    expect(await found(writer, third, at(KEEP_MS + 2))).toEqual({ held: kept, statements: 1 });
  });

  it('leaves any other key to the store: an Idempotency-Key is always read', async () => {
    const writer = soleWriterKeptReplies(store, { keepMs: KEEP_MS, heldAtStart: [] });
    const key = randomUUID();
    await store.claim(input(key, T0));
    expect(await found(writer, key, at(1000))).toEqual({ held: { kind: 'in-flight' }, statements: 1 });
  });
});
