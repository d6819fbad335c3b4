import type { PersonSubscription } from '../db/port.ts';
import { isoTimestamp } from '../db/rows.ts';

/** A person subscription's row as the subscription store and the graph-change claim read it. */
export type SubscriptionRow = { id: string; account_id: string; person_id: string; webhook_url: string; created_at: Date };

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
