-- How the names and addresses of lookups whose identifiers confirmed the person compared with the person's, by
-- field and level (docs/matching.md, "How m is learned"): counts only, never a value. Training learns m from them.
CREATE TABLE confirmed_lookup_levels (
  field text NOT NULL,
  level text NOT NULL,
  lookups bigint NOT NULL,
  PRIMARY KEY (field, level)
);
