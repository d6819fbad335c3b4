import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../adapters/errors.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgClient } from '../../adapters/db/pg.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { databaseUrl } from '../support/modes.ts';

/** A database of its own for this suite, so that migrations run on an empty schema. */
async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kith_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: databaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: databaseUrl() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

type Implementation = { name: string; open(): Promise<{ db: SqlClient; openAnother(): Promise<SqlClient>; done(): Promise<void> }> };

const implementations: Implementation[] = [
  {
    name: 'pg',
    async open() {
      const database = await freshPostgresDatabase();
      const clients: SqlClient[] = [];
      const openAnother = async () => {
        const client = createPgClient(database.url, 4);
        clients.push(client);
        return client;
      };
      const db = await openAnother();
      return {
        db,
        openAnother,
        async done() {
          await Promise.all(clients.map((client) => client.close()));
          await database.drop();
        },
      };
    },
  },
  {
    name: 'pglite',
    async open() {
      const db = await createPgliteClient(undefined);
      // PGlite has one writer: "another process" is the same database.
      return { db, openAnother: async () => db, done: () => db.close() };
    },
  },
];

describe.each(implementations)('SqlClient conformance ($name)', (implementation) => {
  let subject: Awaited<ReturnType<Implementation['open']>>;
  beforeAll(async () => {
    subject = await implementation.open();
  });
  afterAll(() => subject?.done());

  it('applies every migration exactly once, even when several processes start together', async () => {
    const others = await Promise.all([subject.openAnother(), subject.openAnother()]);
    const results = await Promise.all([migrate(subject.db), ...others.map((other) => migrate(other))]);
    const applied = results.flat();
    expect(applied.length).toBeGreaterThan(0);
    expect(new Set(applied).size).toBe(applied.length);
    expect(await migrate(subject.db)).toEqual([]);
    const rows = await subject.db.query<{ version: number }>('SELECT version FROM kith_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual([...applied].sort((a, b) => a - b));
  });

  it('binds parameters and returns typed rows', async () => {
    const rows = await subject.db.query<{ n: number; t: string; b: boolean }>('SELECT $1::int AS n, $2::text AS t, $3::boolean AS b', [
      7,
      "it's",
      true,
    ]);
    expect(rows).toEqual([{ n: 7, t: "it's", b: true }]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await subject.db.execScript('CREATE TABLE IF NOT EXISTS conformance_t (id text PRIMARY KEY)');
    await subject.db.transaction(async (tx) => {
      await tx.query('INSERT INTO conformance_t (id) VALUES ($1)', ['kept']);
    });
    await expect(
      subject.db.transaction(async (tx) => {
        await tx.query('INSERT INTO conformance_t (id) VALUES ($1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = (await subject.db.query<{ id: string }>('SELECT id FROM conformance_t ORDER BY id')).map((row) => row.id);
    expect(ids).toEqual(['kept']);
  });

  it('says whether a query runs beside an open transaction: on a pool it does, and sees nothing uncommitted', async () => {
    expect(subject.db.concurrentQueries).toBe(implementation.name === 'pg');
    if (!subject.db.concurrentQueries) return;
    await subject.db.execScript('CREATE TABLE IF NOT EXISTS conformance_c (id text PRIMARY KEY)');
    const seenBeside = await subject.db.transaction(async (tx) => {
      await tx.query('INSERT INTO conformance_c (id) VALUES ($1)', ['uncommitted']);
      return subject.db.query('SELECT id FROM conformance_c');
    });
    expect(seenBeside).toEqual([]);
    expect(await subject.db.query('SELECT id FROM conformance_c')).toEqual([{ id: 'uncommitted' }]);
  });

  it('classifies a unique violation as a ConflictError', async () => {
    await subject.db.execScript('CREATE TABLE IF NOT EXISTS conformance_u (id text PRIMARY KEY)');
    await subject.db.query('INSERT INTO conformance_u (id) VALUES ($1)', ['once']);
    await expect(subject.db.query('INSERT INTO conformance_u (id) VALUES ($1)', ['once'])).rejects.toBeInstanceOf(ConflictError);
  });

  it('gives timestamps as Date and double precision as number on both drivers', async () => {
    const [row] = await subject.db.query<{ at: Date; cost: number }>(
      "SELECT '2026-01-02T03:04:05Z'::timestamptz AS at, 12.5::double precision AS cost",
    );
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(row!.cost).toBe(12.5);
  });
});
