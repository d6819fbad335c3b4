-- The service's own person data, loaded by `kith import persons` (docs/person-records.md). The document is
-- the product, returned by person.enrich as it is; the identifiers are its normalised lookup keys
-- (domain/persons/normalise.ts): emails only as hashes, phones in E.164, profiles and the rest as keys.
CREATE TABLE persons (
  id          bigserial PRIMARY KEY,
  external_id text NOT NULL UNIQUE,       -- the record's `id`: importing it again replaces the person
  document    json NOT NULL,             -- json, not jsonb: returned as given, and several times faster to load
  updated     date,
  imported_at timestamptz NOT NULL DEFAULT now()
);

-- kind: email_md5, email_sha256, phone, maid, profile_username, profile_userid, profile_url, li_nonid,
-- placekey. The primary key serves exact lookups by (kind, value); one value may name several persons
-- (shared phones, households), which the matcher weighs.
CREATE TABLE person_identifiers (
  kind      text NOT NULL,
  value     text NOT NULL,
  person_id bigint NOT NULL,              -- persons.id; no foreign key: it halves the import rate, and only
                                          -- the import writes here, replacing a person's keys with the person
  PRIMARY KEY (kind, value, person_id)
);
CREATE INDEX person_identifiers_person ON person_identifiers (person_id);
