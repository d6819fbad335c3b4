-- What an audience file lists of each record: its emails as the three hashes of the normalised address
-- (md5, sha1, sha256; those a hashed input could not give are null) and its MAIDs.
ALTER TABLE identity_records ADD COLUMN emails json NOT NULL DEFAULT '[]';
ALTER TABLE identity_records ADD COLUMN maids json NOT NULL DEFAULT '[]';

-- audience.create requests: accepted at the ingress (building), built by the audience worker into a gzip JSON
-- file kept in the blob store (ready), removed by the sweep after its time (expired).
CREATE TABLE audiences (
  id          uuid PRIMARY KEY,              -- the requestId the caller downloads by
  account_id  uuid NOT NULL,
  tags        json NOT NULL,
  status      text NOT NULL CHECK (status IN ('building', 'ready', 'expired')),
  members     integer,
  bytes       bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  ready_at    timestamptz,
  expires_at  timestamptz
);
CREATE INDEX audiences_expiry ON audiences (expires_at) WHERE status = 'ready';

-- Second-party data: the records of other (identity-sharing) accounts linked to the same person.
CREATE INDEX identity_records_person_any ON identity_records (person_id) WHERE person_id IS NOT NULL;

-- Audience pages walk each tag's records in recordId order from where the last page ended.
DROP INDEX record_tags_by_tag;
CREATE INDEX record_tags_by_tag ON record_tags (account_id, key, value, record_id);
