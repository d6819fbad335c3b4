-- The operator's console sessions (docs/decisions.md, "An operator's way into the console"): a login link and a
-- session are either an account's or the operator's, never both and never neither. An operator's has no account.
ALTER TABLE console_login_tokens ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE console_login_tokens ADD COLUMN operator boolean NOT NULL DEFAULT false;
ALTER TABLE console_login_tokens ADD CONSTRAINT console_login_tokens_one_holder CHECK (operator = (account_id IS NULL));

ALTER TABLE console_sessions ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE console_sessions ADD COLUMN operator boolean NOT NULL DEFAULT false;
ALTER TABLE console_sessions ADD CONSTRAINT console_sessions_one_holder CHECK (operator = (account_id IS NULL));
