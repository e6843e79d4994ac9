-- Up Migration

-- Idempotency records of money-moving requests (any module may use them through IdempotencyService). The row is
-- written in the same transaction as the events the request appended, so "money moved" and "answer stored" commit
-- together. A refused request stores its refusal, so retrying the same key stays refused.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, idempotency_key)
);

-- Down Migration
DROP TABLE idempotency_keys;
