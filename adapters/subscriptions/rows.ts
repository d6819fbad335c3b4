import type { PersonSubscription } from '../db/port.ts';
import { isoTimestamp } from '../db/rows.ts';
import type { SqlClient } from '../db/sql-client.ts';

/** A person subscription's row as the subscription store and the graph-change claim read it. */
export type SubscriptionRow = { id: string; account_id: string; person_id: string | null; webhook_url: string; created_at: Date };

/** How long a claimed change is left to its claimer before another may take it. */
export const CLAIM_SECONDS = 60;

export const SUBSCRIPTION_COLUMNS = 'id::text AS id, account_id::text AS account_id, person_id::text AS person_id, webhook_url, created_at';

export const subscriptionOf = (row: SubscriptionRow): PersonSubscription => ({
  id: row.id,
  accountId: row.account_id,
  personId: row.person_id,
  webhookUrl: row.webhook_url,
  createdAt: isoTimestamp(row.created_at),
});

/**
 * Runs `notify` on claimed changes of an outbox table and deletes them once it is done. When it fails (the bus
 * did not acknowledge in time), the claim is given up at once, so that the next sweep sends them again rather
 * than leaving them until the claim lapses: the lapse is for a claimer that died.
 */
export async function notifyThenDelete(db: SqlClient, outbox: 'person_changes' | 'graph_changes', ids: string[], notify: () => Promise<void>): Promise<void> {
  try {
    await notify();
  } catch (error) {
    await db.query(`UPDATE ${outbox} SET claimed_until = NULL WHERE id = ANY($1::bigint[])`, [ids]);
    throw error;
  }
  await db.query(`DELETE FROM ${outbox} WHERE id = ANY($1::bigint[])`, [ids]);
}
