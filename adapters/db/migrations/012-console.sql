-- The web console's sign-in: one-time login links made by the operator, and the sessions they open.
-- Only SHA-256 hashes of the link tokens and session tokens are stored, as for API keys.

CREATE TABLE console_login_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz                  -- set by the one sign-in it allows
);
CREATE INDEX console_login_tokens_expiry ON console_login_tokens (expires_at);

CREATE TABLE console_sessions (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  csrf_token text NOT NULL,              -- the synchronizer token every POST of the session must carry
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX console_sessions_expiry ON console_sessions (expires_at);
