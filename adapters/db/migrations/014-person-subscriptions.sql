-- person.subscribe: an account's wish to hear when a person's data changes (docs/decisions.md, "Person
-- subscriptions"). The person is the one the subscribe query named; its id survives re-imports.
CREATE TABLE person_subscriptions (
  id          uuid PRIMARY KEY,
  account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  person_id   bigint NOT NULL,
  webhook_url text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX person_subscriptions_person ON person_subscriptions (person_id);
CREATE INDEX person_subscriptions_account ON person_subscriptions (account_id, created_at, id);

-- Written by the import, in its transaction, for every subscribed person whose document it changed; the
-- enrichment worker claims each for a while, turns it into webhooks and deletes it (an outbox: the import
-- itself needs no bus). A claim that lapses (the worker died) is taken again.
CREATE TABLE person_changes (
  id            bigserial PRIMARY KEY,
  person_id     bigint NOT NULL,
  changed_at    timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz
);
