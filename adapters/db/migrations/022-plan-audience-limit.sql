-- How many audiences an account on the plan may hold at once, building or ready (expired ones hold no file):
-- each is a file kept 30 days, so without a bound one account could fill the disk with them.
ALTER TABLE plans ADD COLUMN audience_limit integer NOT NULL DEFAULT 25 CHECK (audience_limit > 0);

-- The count audience.create makes of an account's audiences held.
CREATE INDEX audiences_held ON audiences (account_id) WHERE status IN ('building', 'ready');
