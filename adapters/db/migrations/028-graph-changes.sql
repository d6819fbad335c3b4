-- The identity graph's changes (docs/identity-graph.md, "Change feed"): every merge, split and move a resolution
-- made, written in its transaction (an outbox, so that none is lost); the graph-change notifier claims each for a
-- while, publishes it on the bus and as webhooks to the accounts subscribed to a person it touched, and deletes
-- it. A claim that lapses (the worker died) is taken again.
CREATE TABLE graph_changes (
  id            bigserial PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('merged', 'split', 'moved')),
  before_ids    bigint[] NOT NULL,
  after_ids     bigint[] NOT NULL,
  record_ids    bigint[] NOT NULL,
  changed_at    timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz
);
