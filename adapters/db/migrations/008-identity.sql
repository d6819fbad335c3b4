-- A customer's own records (identity.map): its record id, an optional partner id (the record's id in a
-- partner's system, unique within the account), the person of Kith's data it was linked to, its identifiers
-- as lookup keys (hashes for emails and phones, never clear), and its key/value tags. Every row carries the
-- account: no query reads another account's records.
CREATE TABLE identity_records (
  account_id uuid NOT NULL,
  record_id  text NOT NULL,
  partner_id text,
  person_id  bigint,                      -- persons.id matched when mapped; null when nobody matched
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, record_id),
  UNIQUE (account_id, partner_id)
);
CREATE INDEX identity_records_person ON identity_records (account_id, person_id);

CREATE TABLE identity_record_keys (
  account_id uuid NOT NULL,
  kind       text NOT NULL,
  value      text NOT NULL,
  record_id  text NOT NULL,
  PRIMARY KEY (account_id, kind, value, record_id)
);
CREATE INDEX identity_record_keys_record ON identity_record_keys (account_id, record_id);

-- One row per (key, value) of a record: the same key may hold several values. created_at is when the pair
-- was first tagged: audiences only use tags older than a minimum age.
CREATE TABLE record_tags (
  account_id uuid NOT NULL,
  record_id  text NOT NULL,
  key        text NOT NULL,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, record_id, key, value)
);
CREATE INDEX record_tags_by_tag ON record_tags (account_id, key, value, created_at);

-- Secrets every Kith process of a deployment shares, made on first use (the person-id key).
CREATE TABLE kith_secrets (
  name  text PRIMARY KEY,
  value text NOT NULL
);
