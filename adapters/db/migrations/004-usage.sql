-- Usage counts where ClickHouse is not configured (the embedded mode keeps usage in its own database).
-- Only the daily counts stats.get reads are kept, not one row per event: each batch adds its counts and
-- raises its partitions' offsets in one transaction, which is what makes the counting exactly-once.

CREATE TABLE usage_daily (
  account_id uuid NOT NULL,
  day        date NOT NULL,
  operation  text NOT NULL,
  outcome    text NOT NULL,
  count      bigint NOT NULL CHECK (count > 0),
  PRIMARY KEY (account_id, day, operation, outcome)
);

-- The highest bus offset counted per topic partition: the usage worker skips what is at or below it.
CREATE TABLE usage_offsets (
  topic       text NOT NULL,
  partition   integer NOT NULL CHECK (partition >= 0),
  last_offset bigint NOT NULL CHECK (last_offset >= 0),
  PRIMARY KEY (topic, partition)
);
