-- Persons of an account's own (docs/identity-graph.md, "Account records"): identity.map of a record that names
-- nobody in Kith's data starts one, private to the account; the account's later records that share an
-- identifier with it join it. Its id comes from the persons' sequence, so it is never a record's or a person's.
CREATE TABLE account_persons (
  person_id  bigint PRIMARY KEY,
  account_id uuid NOT NULL
);

-- Every record mapped to nobody before now has a person of its own.
WITH started AS (
  UPDATE identity_records SET person_id = nextval('persons_id_seq') WHERE person_id IS NULL RETURNING account_id, person_id
)
INSERT INTO account_persons (person_id, account_id) SELECT person_id, account_id FROM started;
