-- How each person of two or more records holds by a thread (docs/identity-graph.md, "Review"): its weakest hold in
-- bits, of what kind and at which record, as the resolver weighed it when the person last changed. The review list
-- reads it most doubtful first.
CREATE TABLE person_doubts (
  person_id  bigint PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('weak-link', 'bridge')),
  weight     double precision NOT NULL,
  record_id  bigint NOT NULL,
  records    integer NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX person_doubts_weight ON person_doubts (weight, person_id);
