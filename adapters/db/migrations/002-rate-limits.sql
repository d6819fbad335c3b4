-- Rate limiting: one fixed-window counter per account, shared by every ingress replica. A row is reused
-- when its window ends, so the table holds at most one row per account that has ever called.
-- UNLOGGED: a counter is not worth a WAL write and flush on every request; after a database crash (or a
-- failover) the counters start again from zero, which at worst admits one extra window's worth of calls.
-- fillfactor 50 leaves room on each page for HOT updates, since every call rewrites its account's row.
CREATE UNLOGGED TABLE rate_limits (
  account_id uuid PRIMARY KEY,
  window_end timestamptz NOT NULL,
  hits       integer NOT NULL
) WITH (fillfactor = 50);
