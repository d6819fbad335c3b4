import type { SqlClient } from '../db/sql-client.ts';
import type { IdentifierKey } from './normalise.ts';

export type StoredPerson = { id: string; externalId: string; document: Record<string, unknown>; updated: string | null };

/**
 * The persons any of the (normalised) keys names, each once, with how many of the keys named it: the
 * exact-lookup step a matcher builds on. Keys come from adapters/persons/normalise.ts.
 */
export async function findPersonsByKeys(
  db: SqlClient,
  keys: IdentifierKey[],
  limit = 50,
): Promise<Array<StoredPerson & { hits: number }>> {
  if (keys.length === 0) return [];
  const rows = await db.query<{ id: string; external_id: string; document: Record<string, unknown>; updated: string | null; hits: number }>(
    `SELECT p.id::text AS id, p.external_id, p.document, to_char(p.updated, 'YYYY-MM-DD') AS updated, m.hits::int AS hits
       FROM (SELECT i.person_id, count(*) AS hits
               FROM unnest($1::text[], $2::text[]) AS k (kind, value)
               JOIN person_identifiers i ON i.kind = k.kind AND i.value = k.value
              GROUP BY i.person_id) AS m
       JOIN persons p ON p.id = m.person_id
      ORDER BY m.hits DESC, p.id
      LIMIT $3`,
    [keys.map((key) => key.kind), keys.map((key) => key.value), limit],
  );
  return rows.map((row) => ({ id: row.id, externalId: row.external_id, document: row.document, updated: row.updated, hits: row.hits }));
}
