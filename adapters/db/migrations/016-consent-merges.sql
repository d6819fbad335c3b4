-- Consent merges appended, not applied by rewriting: when one event shows that two or more subjects are one
-- person, a row here says that the younger subject is merged into the older, and lookups follow these rows
-- (an identifier names its subject, the subject whatever it was merged into, up to the one never merged; an
-- individual's events are those of that subject and of every subject merged into it). Since this migration no
-- consent row is updated or deleted: events keep their subject, identifiers the subject they first named.
CREATE TABLE consent_merges (
  account_id uuid NOT NULL,
  merged_id  bigint NOT NULL,             -- the younger subject, merged once and for all
  into_id    bigint NOT NULL,             -- the subject it is merged into (older than it)
  permission_id uuid NOT NULL,            -- the event that showed they are one
  merged_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, merged_id)
);
CREATE INDEX consent_merges_into ON consent_merges (account_id, into_id);
