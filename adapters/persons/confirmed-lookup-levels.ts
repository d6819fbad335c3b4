import type { Field, Level } from '../../domain/matching/comparisons.ts';
import type { LevelCounts } from '../../domain/matching/learn-m.ts';
import type { SqlClient } from '../db/sql-client.ts';

/**
 * The counts of confirmed lookups' levels (migration 031, domain/matching/confirmed-lookups.ts): added to by the
 * workers that answer lookups, read by training.
 */
export async function addConfirmedLevels(db: SqlClient, counts: LevelCounts): Promise<void> {
  const rows = [...counts].flatMap(([field, byLevel]) => [...byLevel].map(([level, lookups]) => ({ field, level, lookups })));
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO confirmed_lookup_levels (field, level, lookups)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
     ON CONFLICT (field, level) DO UPDATE SET lookups = confirmed_lookup_levels.lookups + excluded.lookups`,
    [rows.map((row) => row.field), rows.map((row) => row.level), rows.map((row) => row.lookups)],
  );
}

export async function readConfirmedLevels(db: SqlClient): Promise<LevelCounts> {
  const rows = await db.query<{ field: Field; level: Level; lookups: string }>('SELECT field, level, lookups::text AS lookups FROM confirmed_lookup_levels');
  const counts: LevelCounts = new Map();
  for (const { field, level, lookups } of rows) counts.set(field, (counts.get(field) ?? new Map()).set(level, Number(lookups)));
  return counts;
}
