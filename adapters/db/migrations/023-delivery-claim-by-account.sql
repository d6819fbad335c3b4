-- Pending deliveries by account, due first: a claim walks the accounts that have any (one index descent each) and
-- takes from each at most its free slots, so a poll costs the same with a backlog of millions as of thousands.
-- The due index (next_attempt_at) ranked every due row on each poll instead.
CREATE INDEX webhook_deliveries_pending_by_account ON webhook_deliveries (account_id, next_attempt_at) WHERE status = 'pending';
DROP INDEX webhook_deliveries_due;
