-- Up Migration

-- Keys this deployment generated at its first start because none was configured (platform/secrets): the local
-- payment provider's webhook key, the payment-details key outside production. One row per name, never rewritten.
CREATE TABLE platform_instance_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL CHECK (octet_length(secret) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE platform_instance_secrets;
