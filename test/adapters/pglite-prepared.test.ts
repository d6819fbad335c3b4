import { afterEach, describe, expect, it } from 'vitest';
import { ConflictError } from '../../adapters/errors.ts';
import { PREPARED_STATEMENTS } from '../../adapters/db/pglite-prepared.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';

/** docs/decisions.md, "Prepared statements on PGlite". */
describe('statements on the embedded database', () => {
  const closing: SqlClient[] = [];
  afterEach(async () => {
    for (const db of closing.splice(0)) await db.close();
  });

  async function database() {
    const db = await createPgliteClient(undefined);
    closing.push(db);
    await db.query('CREATE TABLE things (id bigint PRIMARY KEY, name text, tags text[], doc jsonb, at timestamptz, n numeric)');
    return db;
  }

  const preparedCount = async (db: SqlClient) =>
    Number((await db.query<{ count: string }>("SELECT count(*)::text AS count FROM pg_prepared_statements WHERE name LIKE 'kith\\_%'"))[0]!.count);

  it('serialises values and parses rows by their types as PGlite does (int8 a number, numeric a string), nulls included', async () => {
    const db = await database();
    const at = new Date('2026-11-26T06:00:00.123Z');
    await db.query('INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6)', [1, "O'Brien", ['a', 'b,c', null], { nested: { list: [1, 2] } }, at, '12.50']);
    await db.query('INSERT INTO things (id) VALUES ($1)', [2]);
    expect(await db.query('SELECT * FROM things ORDER BY id')).toEqual([
      { id: 1, name: "O'Brien", tags: ['a', 'b,c', null], doc: { nested: { list: [1, 2] } }, at, n: '12.50' },
      { id: 2, name: null, tags: null, doc: null, at: null, n: null },
    ]);
    expect(await db.query('SELECT name FROM things WHERE id = ANY($1::bigint[])', [[1, 3]])).toEqual([{ name: "O'Brien" }]);
  });

  it('prepares a statement once however often it runs, and keeps at most a bounded number prepared', async () => {
    const db = await database();
    const before = await preparedCount(db);
    for (let id = 1; id <= 20; id++) await db.query('INSERT INTO things (id) VALUES ($1)', [id]);
    expect(await preparedCount(db)).toBe(before + 1);

    for (let n = 0; n < PREPARED_STATEMENTS + 10; n++) await db.query(`SELECT ${n} AS n, count(*) FROM things WHERE id > $1`, [n]);
    expect(await preparedCount(db)).toBe(PREPARED_STATEMENTS);
    // The insert's statement was closed long since: it is prepared again.
    await db.query('INSERT INTO things (id) VALUES ($1)', [21]);
    expect(await db.query('SELECT count(*)::int AS count FROM things')).toEqual([{ count: 21 }]);
  });

  it('fails a statement with its SQLSTATE and goes on, its statement prepared or not', async () => {
    const db = await database();
    await db.query('INSERT INTO things (id) VALUES ($1)', [1]);
    await expect(db.query('INSERT INTO things (id) VALUES ($1)', [1])).rejects.toBeInstanceOf(ConflictError);
    await expect(db.query('SELECT nothing FROM things')).rejects.toThrow(/column "nothing" does not exist/);
    expect(await db.query('SELECT id FROM things')).toEqual([{ id: 1 }]);
  });

  it('runs a transaction\'s statements in it, and the statements of others after it', async () => {
    const db = await database();
    let outside: Promise<unknown[]> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things (id) VALUES ($1)', [1]);
        outside = db.query('SELECT count(*)::int AS count FROM things');
        expect(await tx.query('SELECT count(*)::int AS count FROM things')).toEqual([{ count: 1 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outside).toEqual([{ count: 0 }]);

    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO things (id) VALUES ($1)', [2]);
      outside = db.query('SELECT count(*)::int AS count FROM things');
    });
    expect(await outside).toEqual([{ count: 1 }]);
  });
});
