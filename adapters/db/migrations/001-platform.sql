-- Plans, accounts, API keys and idempotency keys: the platform every operation stands on.

CREATE TABLE plans (
  id            uuid PRIMARY KEY,
  name          text NOT NULL UNIQUE,
  period        text NOT NULL CHECK (period IN ('MONTH', 'YEAR')),
  base_cost     double precision NOT NULL CHECK (base_cost >= 0),
  rate_limit    integer NOT NULL CHECK (rate_limit > 0),
  person_quota  integer CHECK (person_quota >= 0),
  company_quota integer CHECK (company_quota >= 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- The plan an account gets when none is named. 6,000 calls a minute is the anchor API's default.
INSERT INTO plans (id, name, period, base_cost, rate_limit)
VALUES ('00000000-0000-4000-8000-000000000001', 'Standard', 'MONTH', 0, 6000);

CREATE TABLE accounts (
  id               uuid PRIMARY KEY,
  name             text NOT NULL,
  plan_id          uuid NOT NULL REFERENCES plans (id),
  identity_sharing boolean NOT NULL DEFAULT false,
  billing_anchor   date NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id             text PRIMARY KEY,
  account_id     uuid NOT NULL REFERENCES accounts (id),
  secret_hash    text NOT NULL UNIQUE,
  display_prefix text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz,
  revoked_at     timestamptz
);
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE idempotency_keys (
  account_id    uuid NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer,
  response_body text,
  claimed_at    timestamptz NOT NULL,
  PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_claimed_at ON idempotency_keys (claimed_at);
