-- What operators decided of two records (docs/identity-graph.md, "People decide"): never one person, or always
-- one. Each decision is held twice, once from each record, so that a record's decisions are read by its id alone.
CREATE TABLE record_decisions (
  record_id  bigint NOT NULL,
  other_id   bigint NOT NULL,
  decision   text NOT NULL CHECK (decision IN ('never', 'always')),
  decided_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_id, other_id)
);
