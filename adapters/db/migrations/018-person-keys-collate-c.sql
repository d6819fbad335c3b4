-- Person keys compare byte by byte (COLLATE "C"): they are hashes, normalised identifiers and plain words,
-- looked up only by equality, which gives the same answer in any collation. Comparing them through the
-- database's locale instead (even C.UTF-8, to PostgreSQL 15 a locale like any other) costs the import's
-- rebuild of the key index about a fifth more CPU, and every lookup and insert into it a little.
-- Only the indexes on these columns are rebuilt; the table is not rewritten.
ALTER TABLE person_identifiers
  ALTER COLUMN kind TYPE text COLLATE "C",
  ALTER COLUMN value TYPE text COLLATE "C";
