-- The match models trained from the persons (domain/matching/train.ts): u probabilities, term frequencies and
-- the number of persons. Each training adds a version and the newest is in use, so that an answer's
-- `match.model` (trained-<version>) names the weights that made it; the import keeps the last few.
CREATE TABLE match_models (
  version    bigserial PRIMARY KEY,
  trained_at timestamptz NOT NULL DEFAULT now(),
  persons    bigint NOT NULL,
  model      json NOT NULL
);
