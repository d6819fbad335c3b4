-- A subscription to every person of the account's own records (docs/identity-graph.md, "Change feed"): no
-- person_id. It hears of each merge and split of a person one of the account's identity.map records is in.
ALTER TABLE person_subscriptions ALTER COLUMN person_id DROP NOT NULL;
CREATE INDEX person_subscriptions_own_records ON person_subscriptions (account_id) WHERE person_id IS NULL;
