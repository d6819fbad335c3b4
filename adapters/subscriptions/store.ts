import type { SubscribedChange, SubscriptionStore } from '../db/port.ts';
import { isoTimestamp } from '../db/rows.ts';
import { claimGraphChanges } from './graph-changes.ts';
import { CLAIM_SECONDS, notifyThenDelete, SUBSCRIPTION_COLUMNS, subscriptionOf, type SubscriptionRow } from './rows.ts';
import type { SqlClient } from '../db/sql-client.ts';

/** Person subscriptions and the changes the import records for them, over any SqlClient. */
export function subscriptionStore(db: SqlClient): SubscriptionStore {
  return {
    async create(subscription, limit) {
      // Idempotent by id (a request handled twice subscribes once); the count and the insert in one statement,
      // so that two at once pass a limit by one at most.
      const rows = await db.query(
        `WITH existing AS (SELECT id FROM person_subscriptions WHERE id = $1),
              inserted AS (
                INSERT INTO person_subscriptions (id, account_id, person_id, webhook_url)
                SELECT $1, $2, $3, $4
                 WHERE NOT EXISTS (SELECT 1 FROM existing)
                   AND (SELECT count(*) FROM person_subscriptions WHERE account_id = $2) < $5
                RETURNING id)
         SELECT id FROM existing UNION ALL SELECT id FROM inserted`,
        [subscription.id, subscription.accountId, subscription.personId, subscription.webhookUrl, limit],
      );
      return rows.length > 0;
    },

    async remove(accountId, id) {
      const removed = await db.query('DELETE FROM person_subscriptions WHERE account_id = $1 AND id = $2 RETURNING id', [accountId, id]);
      return removed.length > 0;
    },

    async list(accountId, after, limit) {
      const rows = await db.query<SubscriptionRow>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM person_subscriptions
          WHERE account_id = $1
            AND ($2::uuid IS NULL OR (created_at, id) > (SELECT created_at, id FROM person_subscriptions WHERE account_id = $1 AND id = $2))
          ORDER BY created_at, id LIMIT $3`,
        [accountId, after, limit],
      );
      return rows.map(subscriptionOf);
    },

    async claimChanges(limit, notify) {
      // Claimed for a while rather than in a transaction held open while `notify` runs: it reads the database
      // too, which PGlite's single connection could not serve meanwhile.
      const changes = await db.query<{ id: string; person_id: string; changed_at: Date }>(
        `UPDATE person_changes SET claimed_until = now() + make_interval(secs => $2)
          WHERE id IN (SELECT id FROM person_changes WHERE claimed_until IS NULL OR claimed_until < now()
                        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id::text AS id, person_id::text AS person_id, changed_at`,
        [limit, CLAIM_SECONDS],
      );
      if (changes.length === 0) return 0;
      // The subscriptions to each changed person, under its id or an id merged into it (docs/identity-graph.md).
      const subscriptions = await db.query<SubscriptionRow & { live_id: string }>(
        `SELECT ${SUBSCRIPTION_COLUMNS}, coalesce(pr.to_id, s.person_id)::text AS live_id
           FROM person_subscriptions s LEFT JOIN person_redirects pr ON pr.from_id = s.person_id
          WHERE s.person_id IN (SELECT unnest($1::bigint[]) UNION ALL SELECT from_id FROM person_redirects WHERE to_id = ANY($1::bigint[]))
          ORDER BY s.created_at, s.id`,
        [[...new Set(changes.map((change) => change.person_id))]],
      );
      const claimed = changes.map(
        (change): SubscribedChange => ({
          changeId: change.id,
          personId: change.person_id,
          changedAt: isoTimestamp(change.changed_at),
          subscriptions: subscriptions.filter((row) => row.live_id === change.person_id).map(subscriptionOf),
        }),
      );
      await notifyThenDelete(db, 'person_changes', claimed.map((change) => change.changeId), () => notify(claimed));
      return changes.length;
    },

    claimGraphChanges: (limit, notify) => claimGraphChanges(db, limit, notify),
  };
}
