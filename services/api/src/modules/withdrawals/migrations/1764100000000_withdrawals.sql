-- Up Migration

-- A user's withdrawals, newest first, for GET /api/withdrawal/requests: written in the same transaction as the
-- withdrawal's events (inline read model), so a request shows the moment it answers. Details only masked here.
CREATE TABLE withdrawals (
  withdrawal_id text PRIMARY KEY,
  user_id text NOT NULL,
  amount_minor bigint NOT NULL,
  fee_minor bigint NOT NULL,
  fee_percentage numeric NOT NULL,
  method text NOT NULL,
  masked_details jsonb NOT NULL,
  status text NOT NULL,
  failure_reason text,
  payout_reference text,
  created_at timestamptz NOT NULL,
  processed_at timestamptz
);
CREATE INDEX withdrawals_user_created ON withdrawals (user_id, created_at DESC);

-- Saved payout methods. `sealed_details` is AES-256-GCM ciphertext bound to the owner (PAYMENT_DETAILS_KEY);
-- `masked_details` is what answers show. At most one default per user, enforced by the partial unique index.
CREATE TABLE payment_preferences (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  payment_method text NOT NULL,
  sealed_details text NOT NULL,
  masked_details jsonb NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_preferences_user ON payment_preferences (user_id, created_at DESC);
CREATE UNIQUE INDEX payment_preferences_one_default ON payment_preferences (user_id) WHERE is_default;

-- Down Migration
DROP TABLE payment_preferences;
DROP TABLE withdrawals;
