import type { ClaimedGraphChange } from '../db/port.ts';
import { isoTimestamp } from '../db/rows.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { CLAIM_SECONDS, notifyThenDelete, SUBSCRIPTION_COLUMNS, subscriptionOf, type SubscriptionRow } from './rows.ts';

type ChangeRow = { id: string; kind: ClaimedGraphChange['kind']; before_ids: string[]; after_ids: string[]; records: Array<{ source: string; id: string }> | null; changed_at: Date };

/**
 * Claims up to `limit` changes of the graph for a while (others skip them meanwhile), each with its records as
 * their sources name them and the subscriptions to any person it touched (under its id or an id merged into it, or
 * as a person one of the account's own records is in),
 * runs `notify` on them, and deletes them (or gives them up at once when it fails); a change whose records are
 * gone since still goes, naming none.
 */
export async function claimGraphChanges(db: SqlClient, limit: number, notify: (changes: ClaimedGraphChange[]) => Promise<void>): Promise<number> {
  const changes = await db.query<ChangeRow>(
    `WITH claimed AS (
       UPDATE graph_changes SET claimed_until = now() + make_interval(secs => $2)
        WHERE id IN (SELECT id FROM graph_changes WHERE claimed_until IS NULL OR claimed_until < now() ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, before_ids, after_ids, record_ids, changed_at)
     SELECT c.id::text AS id, c.kind, c.before_ids::text[] AS before_ids, c.after_ids::text[] AS after_ids, c.changed_at,
            (SELECT json_agg(json_build_object('source', p.source, 'id', p.external_id) ORDER BY p.id) FROM persons p WHERE p.id = ANY(c.record_ids)) AS records
       FROM claimed c ORDER BY c.id`,
    [limit, CLAIM_SECONDS],
  );
  if (changes.length === 0) return 0;
  const touched = [...new Set(changes.flatMap((change) => [...change.before_ids, ...change.after_ids]))];
  const redirects = await db.query<{ from_id: string; to_id: string }>(
    'SELECT from_id::text AS from_id, to_id::text AS to_id FROM person_redirects WHERE to_id = ANY($1::bigint[])',
    [touched],
  );
  const subscriptions = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM person_subscriptions s WHERE s.person_id = ANY($1::bigint[]) ORDER BY s.created_at, s.id`,
    [[...touched, ...redirects.map((row) => row.from_id)]],
  );
  const liveOf = new Map(redirects.map((row) => [row.from_id, row.to_id]));
  // Subscriptions to an account's own records, each with the touched persons its records are in (by their id then
  // or one merged into it since).
  const ownRecords = await db.query<SubscriptionRow & { held: string[] }>(
    `WITH touched AS (SELECT unnest($1::bigint[]) AS person),
          held AS (SELECT r.account_id AS holder, t.person FROM touched t JOIN identity_records r ON r.person_id = t.person
                   UNION
                   SELECT r.account_id, t.person FROM touched t JOIN person_redirects pr ON pr.to_id = t.person
                                                                JOIN identity_records r ON r.person_id = pr.from_id)
     SELECT ${SUBSCRIPTION_COLUMNS}, array_agg(DISTINCT held.person)::text[] AS held
       FROM person_subscriptions s JOIN held ON held.holder = s.account_id
      WHERE s.person_id IS NULL
      GROUP BY s.id, s.account_id, s.person_id, s.webhook_url, s.created_at
      ORDER BY s.created_at, s.id`,
    [touched],
  );
  const claimed = changes.map((change): ClaimedGraphChange => {
    const ids = new Set([...change.before_ids, ...change.after_ids]);
    return {
      changeId: change.id,
      kind: change.kind,
      before: change.before_ids,
      after: change.after_ids,
      records: change.records ?? [],
      changedAt: isoTimestamp(change.changed_at),
      subscriptions: [
        ...subscriptions.filter((row) => row.person_id !== null && (ids.has(row.person_id) || ids.has(liveOf.get(row.person_id) ?? ''))),
        ...ownRecords.filter((row) => row.held.some((person) => ids.has(person))),
      ].map(subscriptionOf),
    };
  });
  await notifyThenDelete(db, 'graph_changes', claimed.map((change) => change.changeId), () => notify(claimed));
  return changes.length;
}
