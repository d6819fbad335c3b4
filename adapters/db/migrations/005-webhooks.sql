-- Webhook deliveries: each one a row with its due time (retries are data, not sleeps), each attempt logged.

-- The signing secrets of an account: during a rotation the previous one still signs, until it expires.
CREATE TABLE webhook_secrets (
  account_id          uuid PRIMARY KEY REFERENCES accounts (id),
  current_secret      text NOT NULL,
  previous_secret     text,
  previous_expires_at timestamptz,
  rotated_at          timestamptz NOT NULL
);

CREATE TABLE webhook_deliveries (
  id              text PRIMARY KEY,          -- the webhook-id header: the same on every attempt
  account_id      uuid NOT NULL,
  request_id      text,
  operation       text NOT NULL,
  url             text NOT NULL,
  body            text NOT NULL,
  status          text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'gone')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,               -- when pending: due then
  locked_until    timestamptz,               -- an attempt under way holds the delivery until then
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_account ON webhook_deliveries (account_id, created_at DESC);

CREATE TABLE webhook_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt     integer NOT NULL,
  started_at  timestamptz NOT NULL,
  outcome     text NOT NULL,
  status_code integer,
  latency_ms  integer NOT NULL,
  error       text,
  PRIMARY KEY (delivery_id, attempt)
);
