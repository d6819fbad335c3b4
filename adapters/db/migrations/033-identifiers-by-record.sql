-- A record's identifiers by its id, without its blocking keys (about two thirds of its keys): the resolver reads the
-- identifiers of every candidate record, some 5,000 a batch (adapters/persons/graph-reads.ts, KEYS_OF_RECORD), and
-- through person_identifiers_person it visited each record's every key to keep a third. The kinds are
-- IDENTIFIER_KINDS of domain/identity-graph/record-fields.ts, which the reads name in the same words; a test holds
-- the two lists equal (test/adapters/graph-reads.test.ts).
CREATE INDEX person_identifiers_of_record ON person_identifiers (person_id)
  WHERE kind IN ('email_md5', 'email_sha256', 'phone_sha256', 'maid', 'profile_username', 'profile_userid', 'profile_url', 'li_nonid',
                 'name_placekey', 'phone_mobile');
