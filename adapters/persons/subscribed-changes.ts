import { rowDocument, type PersonRow } from './person-row.ts';
import type { Queryable } from './key-history.ts';

/** A record of the batch as stored before the batch, with the person it is in as that person answers now. */
type SubscribedRecord = { personId: string; document: string };

/**
 * The stored documents of the batch's records that are in a person an account subscribed to (under its id or an
 * id merged into it: docs/identity-graph.md), read before they are replaced.
 */
export async function subscribedDocuments(tx: Queryable, source: string, rows: PersonRow[]): Promise<Map<string, SubscribedRecord>> {
  const found = (await tx.query(
    `SELECT r.person_id::text AS person_id, r.external_id, r.document::text AS document
       FROM (SELECT coalesce(rp.person_id, p.id) AS person_id, p.external_id, p.document
               FROM persons p LEFT JOIN record_persons rp ON rp.record_id = p.id
              WHERE p.source = $2 AND p.external_id = ANY($1::text[])) AS r
      WHERE EXISTS (SELECT 1 FROM person_subscriptions s
                     WHERE s.person_id IN (SELECT r.person_id UNION ALL SELECT from_id FROM person_redirects WHERE to_id = r.person_id))`,
    [rows.map((row) => row.externalId), source],
  )) as Array<{ person_id: string; external_id: string; document: string }>;
  return new Map(found.map((record) => [record.external_id, { personId: record.person_id, document: record.document }]));
}

const sameJson = (a: string, b: string) => JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));

/**
 * Records a change of each subscribed person one of whose records the batch changed, in the batch's transaction,
 * for the subscription notifier (workers/subscriptions/): the same record imported again changes nothing.
 */
export async function recordSubscribedChanges(tx: Queryable, rows: PersonRow[], before: Map<string, SubscribedRecord>) {
  const changed = rows.flatMap((row) => {
    const stored = before.get(row.externalId);
    return stored && !sameJson(stored.document, rowDocument(row)) ? [stored.personId] : [];
  });
  if (changed.length > 0) await tx.query('INSERT INTO person_changes (person_id) SELECT DISTINCT unnest($1::bigint[])', [changed]);
}
