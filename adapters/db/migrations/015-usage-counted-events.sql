-- The usage events counted recently, by event id: the same answered request can reach the usage topic twice
-- (its worker died after publishing the usage event but before committing the request's offset, and handled
-- the request again), at a new offset each time, so the offsets alone would count it twice. Each batch adds
-- its ids here in the transaction that adds its counts, and counts only the ids it added. Rows older than
-- the window (7 days, docs/decisions.md "Usage dedup") are pruned by the writers, at most once a minute.
CREATE TABLE usage_counted_events (
  account_id uuid NOT NULL,
  event_id   uuid NOT NULL,
  counted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, event_id)
);
CREATE INDEX usage_counted_events_age ON usage_counted_events (counted_at);
