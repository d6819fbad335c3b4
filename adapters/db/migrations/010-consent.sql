-- Consent (permission.*): events appended, never changed, each about one consent subject of the account; the
-- subject is whoever its identifiers name. Identifiers are lookup keys only (emails as MD5/SHA-256, phones as
-- SHA-256 of E.164): no clear email or phone is stored. When one event shows that two subjects are one
-- person, the younger subject's identifiers and events are moved to the older (the events' content unchanged).
CREATE TABLE consent_subjects (
  id         bigserial PRIMARY KEY,
  account_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE consent_identifiers (
  account_id uuid NOT NULL,
  kind       text NOT NULL,
  value      text NOT NULL,
  subject_id bigint NOT NULL,
  PRIMARY KEY (account_id, kind, value)
);
CREATE INDEX consent_identifiers_subject ON consent_identifiers (subject_id);

CREATE TABLE consent_events (
  id         uuid PRIMARY KEY,             -- the permissionId
  account_id uuid NOT NULL,
  subject_id bigint NOT NULL,
  type       text NOT NULL CHECK (type IN ('create', 'delete')),
  purposes   json NOT NULL,              -- [{purposeId, channel[], ttl, enabled}]
  details    json NOT NULL,              -- locale, ipAddress, language, collection fields, policyUrl, termsService, tcf
  timestamp  bigint,                     -- the caller's time of consent (epoch ms), when given
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_events_subject ON consent_events (account_id, subject_id, created_at);
