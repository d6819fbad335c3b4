import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { coalescedRateLimiter } from '../../adapters/rate-limit/coalesced.ts';
import { memoryRateLimiter } from '../../adapters/rate-limit/memory.ts';
import type { RateLimiter } from '../../adapters/rate-limit/port.ts';
import { postgresRateLimiter } from '../../adapters/rate-limit/postgres.ts';
import { databaseUrl } from '../support/modes.ts';

type Subject = { limiter: RateLimiter; close(): Promise<void> };

async function overDatabase(db: SqlClient, wrap = (limiter: RateLimiter) => limiter): Promise<Subject> {
  await migrate(db);
  return { limiter: wrap(postgresRateLimiter(db)), close: () => db.close() };
}

const implementations = [
  { name: 'postgres on pg', open: async () => overDatabase(createPgClient(databaseUrl(), 10)) },
  { name: 'coalesced, postgres on pg', open: async () => overDatabase(createPgClient(databaseUrl(), 10), coalescedRateLimiter) },
  { name: 'postgres on PGlite', open: async () => overDatabase(await createPgliteClient(undefined)) },
  { name: 'memory', open: async (): Promise<Subject> => ({ limiter: memoryRateLimiter(), close: async () => {} }) },
];

const T0 = Date.parse('2026-06-01T12:00:00Z'); // a window boundary for any window length dividing 60 s
const at = (ms: number) => new Date(T0 + ms);
const perMinute = (limit: number) => ({ limit, windowSeconds: 60 });

describe.each(implementations)('RateLimiter conformance ($name)', (implementation) => {
  let subject: Subject;
  let limiter: RateLimiter;
  beforeAll(async () => {
    subject = await implementation.open();
    limiter = subject.limiter;
  });
  afterAll(() => subject?.close());

  it('counts calls up to the limit and refuses the rest of the window', async () => {
    const account = randomUUID();
    const policy = perMinute(3);
    const decisions = [];
    for (let call = 0; call < 5; call += 1) decisions.push(await limiter.hit(account, policy, at(10_000 + call)));
    expect(decisions).toEqual([
      { allowed: true, limit: 3, remaining: 2, resetSeconds: 50 },
      { allowed: true, limit: 3, remaining: 1, resetSeconds: 50 },
      { allowed: true, limit: 3, remaining: 0, resetSeconds: 50 },
      { allowed: false, limit: 3, remaining: 0, resetSeconds: 50 },
      { allowed: false, limit: 3, remaining: 0, resetSeconds: 50 },
    ]);
  });

  it('counts several calls at once (a batch) all or none, a refusal telling what is left', async () => {
    const account = randomUUID();
    const policy = perMinute(10);
    expect(await limiter.hit(account, policy, at(1_000), 11)).toEqual({ allowed: false, limit: 10, remaining: 10, resetSeconds: 59 });
    expect(await limiter.hit(account, policy, at(1_000), 4)).toEqual({ allowed: true, limit: 10, remaining: 6, resetSeconds: 59 });
    expect(await limiter.hit(account, policy, at(2_000), 7)).toEqual({ allowed: false, limit: 10, remaining: 6, resetSeconds: 58 });
    expect(await limiter.hit(account, policy, at(2_000), 6)).toEqual({ allowed: true, limit: 10, remaining: 0, resetSeconds: 58 });
    expect(await limiter.hit(account, policy, at(60_000), 10)).toEqual({ allowed: true, limit: 10, remaining: 0, resetSeconds: 60 });
  });

  it('gives the whole seconds left in the epoch-aligned window, never less than 1', async () => {
    const account = randomUUID();
    const policy = perMinute(100);
    expect((await limiter.hit(account, policy, at(0))).resetSeconds).toBe(60);
    expect((await limiter.hit(account, policy, at(1))).resetSeconds).toBe(60);
    expect((await limiter.hit(account, policy, at(58_001))).resetSeconds).toBe(2);
    expect((await limiter.hit(account, policy, at(59_999))).resetSeconds).toBe(1);
    expect((await limiter.hit(randomUUID(), { limit: 5, windowSeconds: 10 }, at(3_500))).resetSeconds).toBe(7);
  });

  it('starts a new window at the boundary with the full limit', async () => {
    const account = randomUUID();
    const policy = perMinute(2);
    await limiter.hit(account, policy, at(1_000));
    await limiter.hit(account, policy, at(2_000));
    expect((await limiter.hit(account, policy, at(59_999))).allowed).toBe(false);
    const next = { allowed: true, limit: 2, remaining: 1 };
    expect(await limiter.hit(account, policy, at(60_000))).toEqual({ ...next, resetSeconds: 60 });
    expect(await limiter.hit(account, policy, at(185_000))).toEqual({ ...next, resetSeconds: 55 });
  });

  it('counts a call from a clock slightly behind into the window a clock ahead already started', async () => {
    const account = randomUUID();
    const policy = perMinute(5);
    await limiter.hit(account, policy, at(60_500));
    const behind = await limiter.hit(account, policy, at(59_900));
    expect(behind).toEqual({ allowed: true, limit: 5, remaining: 3, resetSeconds: 61 });
  });

  it('keeps each account on its own count', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    const policy = perMinute(1);
    expect((await limiter.hit(alice, policy, at(0))).allowed).toBe(true);
    expect((await limiter.hit(alice, policy, at(1))).allowed).toBe(false);
    expect(await limiter.hit(bob, policy, at(2))).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('peeks without counting', async () => {
    const account = randomUUID();
    const policy = perMinute(3);
    expect(await limiter.peek(account, policy, at(30_000))).toEqual({ limit: 3, remaining: 3, resetSeconds: 30 });
    await limiter.hit(account, policy, at(30_000));
    expect(await limiter.peek(account, policy, at(40_000))).toEqual({ limit: 3, remaining: 2, resetSeconds: 20 });
    expect(await limiter.peek(account, policy, at(40_000))).toEqual({ limit: 3, remaining: 2, resetSeconds: 20 });
    expect(await limiter.peek(account, policy, at(60_000))).toEqual({ limit: 3, remaining: 3, resetSeconds: 60 });
  });

  it('follows a lowered limit within the running window', async () => {
    const account = randomUUID();
    for (let call = 0; call < 3; call += 1) await limiter.hit(account, perMinute(10), at(call));
    const lowered = await limiter.hit(account, perMinute(2), at(10));
    expect(lowered).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 60 });
    expect(await limiter.hit(account, perMinute(10), at(20))).toMatchObject({ allowed: true, remaining: 6 });
  });

  it('admits exactly the limit out of 500 concurrent calls', async () => {
    const account = randomUUID();
    const calls = Array.from({ length: 500 }, () => limiter.hit(account, perMinute(100), at(5_000)));
    const decisions = await Promise.all(calls);
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(100);
    const remaining = decisions.filter((decision) => decision.allowed).map((decision) => decision.remaining);
    expect(new Set(remaining).size).toBe(100); // each admitted call saw its own count
  });
});

describe('postgres RateLimiter shared by two replicas (pg)', () => {
  const replicas: SqlClient[] = [];
  beforeAll(async () => {
    replicas.push(createPgClient(databaseUrl(), 10), createPgClient(databaseUrl(), 10));
    await migrate(replicas[0]!);
  });
  afterAll(() => Promise.all(replicas.map((db) => db.close())));

  it.each([
    { name: 'each call counted alone', wrap: (limiter: RateLimiter) => limiter },
    { name: 'concurrent calls counted together', wrap: coalescedRateLimiter },
  ])('admits exactly the limit when both hammer one account ($name)', async ({ wrap }) => {
    const [first, second] = replicas.map((db) => wrap(postgresRateLimiter(db)));
    const account = randomUUID();
    const policy = perMinute(300);
    const calls = [first!, second!].flatMap((limiter) =>
      Array.from({ length: 600 }, (_, call) => limiter.hit(account, policy, at(1_000 + call))),
    );
    const decisions = await Promise.all(calls);
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(300);
    expect(await second!.peek(account, policy, at(2_000))).toMatchObject({ remaining: 0 });
  });
});
