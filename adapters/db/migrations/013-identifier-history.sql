-- What verify.signals and verify.activity report of a person's identifiers: when each was first and last seen
-- and how many times, kept by the import from the records' `updated` dates (docs/decisions.md, "Verify").
-- NULL dates: imported before this migration, or by a record without `updated` (the person's date stands in).
-- Adding columns with a constant default rewrites nothing, however many identifiers there are.
ALTER TABLE person_identifiers
  ADD COLUMN first_seen date,
  ADD COLUMN last_seen date,
  ADD COLUMN observations integer NOT NULL DEFAULT 1;
