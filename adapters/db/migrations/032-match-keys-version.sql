-- The version of the blocking keys the stored persons carry (domain/matching/blocking.ts, MATCH_KEYS_VERSION) and,
-- while the identity workers key them again to a newer one, the last record id done (adapters/persons/
-- match-keys-refresh.ts). One row. Persons stored by an earlier release carry version 1; a database with none
-- yet gets version 2, this migration's, which every later import writes.
CREATE TABLE match_keys_version (
  only_row        boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version         integer NOT NULL,
  rekeyed_through bigint NOT NULL DEFAULT 0
);
INSERT INTO match_keys_version (version) SELECT CASE WHEN EXISTS (SELECT 1 FROM persons) THEN 1 ELSE 2 END;
