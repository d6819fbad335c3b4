import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeGrownTables } from '../../adapters/db/analyze-grown.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';

/** PGlite has no autovacuum: without this, its planner never learns how large a table has grown. */
describe('analyzeGrownTables on PGlite', () => {
  let db: SqlClient;
  beforeEach(async () => {
    db = await createPgliteClient(undefined);
    await db.query('CREATE TABLE grown (id bigint PRIMARY KEY, value text)');
    await db.query('CREATE TABLE unchanged (id bigint PRIMARY KEY)');
  });
  afterEach(() => db.close());

  const plannedRows = async (table: string) =>
    Number((await db.query<{ reltuples: number }>('SELECT reltuples FROM pg_class WHERE relname = $1', [table]))[0]!.reltuples);

  it('gathers the statistics of a table that grew, once, and leaves the rest', async () => {
    await db.query(`INSERT INTO grown SELECT g, repeat('x', 100) FROM generate_series(1, 20000) g`);
    expect(await analyzeGrownTables(db)).toEqual(['grown']);
    expect(await plannedRows('grown')).toBe(20000);
    expect(await analyzeGrownTables(db)).toEqual([]);

    await db.query(`INSERT INTO grown SELECT g, repeat('x', 100) FROM generate_series(20001, 30000) g`);
    expect(await analyzeGrownTables(db)).toEqual(['grown']);
    expect(await plannedRows('grown')).toBe(30000);
  });
});
