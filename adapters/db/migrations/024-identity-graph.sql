-- The identity graph (docs/identity-graph.md). A row of `persons` is a person *record*: what one source says
-- of somebody, under its id within that source. A person is the set of records that are one individual; its
-- id is drawn from the same sequence as the records' ids, so that the two never collide, and a record that was
-- never resolved is a person of its own under its record id (which is what every person id meant before).
ALTER TABLE persons ADD COLUMN source text NOT NULL DEFAULT 'default';
ALTER TABLE persons DROP CONSTRAINT persons_external_id_key;
ALTER TABLE persons ADD CONSTRAINT persons_source_external_id_key UNIQUE (source, external_id);

-- The person each resolved record belongs to. No row: not resolved yet, a person of its own (its own id).
CREATE TABLE record_persons (
  record_id bigint PRIMARY KEY,
  person_id bigint NOT NULL
);
CREATE INDEX record_persons_person ON record_persons (person_id);

-- A person merged into another: its id keeps answering with the survivor's. Chains are kept one step long.
CREATE TABLE person_redirects (
  from_id   bigint PRIMARY KEY,
  to_id     bigint NOT NULL,
  merged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX person_redirects_to ON person_redirects (to_id);

-- Records written or deleted and not yet resolved: an outbox the import (or a change) writes in its own
-- transaction, and the resolver empties in the transaction that resolves them, so that none is lost.
CREATE TABLE records_to_resolve (
  record_id bigint PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);

-- The records there were before the graph: resolved in the background, oldest first, each person id they
-- answered under kept or redirected.
INSERT INTO records_to_resolve (record_id) SELECT id FROM persons;
