import { rowDocument, type PersonRow } from './person-row.ts';
import type { Queryable } from './key-history.ts';

/** The stored documents of the batch's persons that an account subscribed to, read before they are replaced. */
export async function subscribedDocuments(tx: Queryable, source: string, rows: PersonRow[]): Promise<Map<string, { id: string; document: string }>> {
  const found = (await tx.query(
    `SELECT p.id::text AS id, p.external_id, p.document::text AS document FROM persons p
      WHERE p.source = $2 AND p.external_id = ANY($1::text[]) AND EXISTS (SELECT 1 FROM person_subscriptions s WHERE s.person_id = p.id)`,
    [rows.map((row) => row.externalId), source],
  )) as Array<{ id: string; external_id: string; document: string }>;
  return new Map(found.map((person) => [person.external_id, { id: person.id, document: person.document }]));
}

const sameJson = (a: string, b: string) => JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));

/**
 * Records a change of each subscribed person whose document the batch changed, in the batch's transaction, for
 * the subscription notifier (workers/subscriptions/): the same record imported again changes nothing.
 */
export async function recordSubscribedChanges(tx: Queryable, rows: PersonRow[], before: Map<string, { id: string; document: string }>) {
  const changed = rows.flatMap((row) => {
    const stored = before.get(row.externalId);
    return stored && !sameJson(stored.document, rowDocument(row)) ? [stored.id] : [];
  });
  if (changed.length > 0) await tx.query('INSERT INTO person_changes (person_id) SELECT unnest($1::bigint[])', [changed]);
}
