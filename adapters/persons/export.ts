import type { SqlClient } from '../db/sql-client.ts';

/** One person of the export (docs/identity-graph.md, "Export"): its id, its records, the ids merged into it. */
export type ExportedPerson = { personId: string; records: Array<{ source: string; id: string }>; mergedIds: string[] };

/** Persons read per statement. */
const EXPORT_BATCH = 1000;

type PersonRow = { person_id: string; records: Array<{ source: string; id: string }>; merged: string[] };

/**
 * Every person with its records, in constant memory: first the resolved ones in id order, then the records not
 * resolved yet, each a person of its own. Ids are Kith's own: an account's person ids are derived from them.
 */
export async function* exportPersons(db: SqlClient): AsyncGenerator<ExportedPerson> {
  for (let after = '0'; ; ) {
    const rows = await db.query<PersonRow>(
      `SELECT o.person_id::text AS person_id,
              json_agg(json_build_object('source', p.source, 'id', p.external_id) ORDER BY p.id) AS records,
              (SELECT coalesce(json_agg(r.from_id::text ORDER BY r.from_id), '[]') FROM person_redirects r WHERE r.to_id = o.person_id) AS merged
         FROM record_persons o JOIN persons p ON p.id = o.record_id
        WHERE o.person_id IN (SELECT DISTINCT person_id FROM record_persons WHERE person_id > $1 ORDER BY person_id LIMIT $2)
        GROUP BY o.person_id ORDER BY o.person_id`,
      [after, EXPORT_BATCH],
    );
    for (const row of rows) yield { personId: row.person_id, records: row.records, mergedIds: row.merged };
    if (rows.length < EXPORT_BATCH) break;
    after = rows.at(-1)!.person_id;
  }
  for (let after = '0'; ; ) {
    const rows = await db.query<{ id: string; source: string; external_id: string }>(
      `SELECT p.id::text AS id, p.source, p.external_id FROM persons p
        WHERE p.id > $1 AND NOT EXISTS (SELECT 1 FROM record_persons o WHERE o.record_id = p.id) ORDER BY p.id LIMIT $2`,
      [after, EXPORT_BATCH],
    );
    for (const row of rows) yield { personId: row.id, records: [{ source: row.source, id: row.external_id }], mergedIds: [] };
    if (rows.length < EXPORT_BATCH) break;
    after = rows.at(-1)!.id;
  }
}
