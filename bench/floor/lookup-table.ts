import { createHash } from 'node:crypto';
import type { SqlClient } from '../../adapters/db/sql-client.ts';

/** Rows of the floor's lookup table: enough that lookups spread over an index of several levels. */
const ROWS = 100_000;

/** The table the floors look a key up in, made and filled once per database (the bench's own, or PGlite). */
export async function prepareLookupTable(db: SqlClient): Promise<void> {
  await db.query('CREATE TABLE IF NOT EXISTS bench_floor_lookups (key text PRIMARY KEY, value text NOT NULL)');
  await db.query(
    `INSERT INTO bench_floor_lookups (key, value)
     SELECT 'key-' || g, md5(g::text) FROM generate_series(1, $1::int) AS g
     ON CONFLICT (key) DO NOTHING`,
    [ROWS],
  );
}

/** The key a request body looks up: the same body, the same row. */
export const lookupKeyOf = (body: unknown) => `key-${1 + (createHash('sha256').update(JSON.stringify(body)).digest().readUInt32BE(0) % ROWS)}`;

/** One indexed point lookup, the work the architecture does for a request at the least. */
export async function lookUp(db: SqlClient, key: string): Promise<object> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM bench_floor_lookups WHERE key = $1', [key]);
  return { key, value: row?.value ?? null };
}
