-- Up Migration

-- The users read model. Written in the same transaction as the user's events, so its unique indexes are what keep
-- e-mail, username (ignoring case), referral code and demo persona unique under any concurrency: a losing writer's
-- events roll back with its row.
CREATE TABLE identity_users (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  username text NOT NULL,
  display_name text,
  bio text,
  avatar_url text,
  banner_url text,
  website_url text,
  social_links jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_type text NOT NULL,
  tier text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  referral_code text NOT NULL,
  referred_by text,
  password_hash text,
  demo_persona text,
  email_confirmed boolean NOT NULL,
  confirmation_token_hash text,
  confirmation_expires_at timestamptz,
  stream_version bigint NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Follow-up work done through other modules after the user committed; NULL means still to do (retried).
  accounts_opened_at timestamptz,
  demo_funded_at timestamptz,
  CONSTRAINT identity_users_email_unique UNIQUE (email),
  CONSTRAINT identity_users_referral_code_unique UNIQUE (referral_code),
  CONSTRAINT identity_users_demo_persona_unique UNIQUE (demo_persona)
);
CREATE UNIQUE INDEX identity_users_username_unique ON identity_users (lower(username));
CREATE INDEX identity_users_confirmation_token_index ON identity_users (confirmation_token_hash) WHERE confirmation_token_hash IS NOT NULL;

-- Sessions read model, also written with its events. Only the SHA-256 of a bearer token is stored.
CREATE TABLE identity_sessions (
  session_id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES identity_users (user_id),
  token_hash text NOT NULL,
  method text NOT NULL,
  started_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text,
  replaced_by_session_id uuid,
  stream_version bigint NOT NULL,
  CONSTRAINT identity_sessions_token_hash_unique UNIQUE (token_hash)
);
CREATE INDEX identity_sessions_user_index ON identity_sessions (user_id);

-- One account per identity-provider subject.
CREATE TABLE identity_external_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES identity_users (user_id),
  linked_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject)
);

-- Failed sign-ins per account and per client address, for throttling. Operational data, not domain facts: rows
-- older than the window are pruned.
CREATE TABLE identity_sign_in_failures (
  id bigserial PRIMARY KEY,
  throttle_key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_sign_in_failures_key_index ON identity_sign_in_failures (throttle_key, failed_at);

-- OpenID Connect logins in flight: state, PKCE verifier and nonce between the redirect and the callback.
CREATE TABLE identity_oidc_flows (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE identity_oidc_flows;
DROP TABLE identity_sign_in_failures;
DROP TABLE identity_external_identities;
DROP TABLE identity_sessions;
DROP TABLE identity_users;
