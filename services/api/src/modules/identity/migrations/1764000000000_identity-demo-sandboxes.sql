-- Up Migration

-- Every demo login registers its own sandbox account, so a persona is no longer unique. `is_demo` and
-- `demo_expired_at` are folded from the user's events (UserRegistered.isDemo or a demo persona; DemoSandboxExpired).
-- `last_active_at` is operational, like `accounts_opened_at`: the session guard records a demo user's latest use
-- (at most every few minutes) and the expiry job archives sandboxes unused for 7 days.
ALTER TABLE identity_users DROP CONSTRAINT identity_users_demo_persona_unique;
ALTER TABLE identity_users ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
ALTER TABLE identity_users ADD COLUMN demo_expired_at timestamptz;
ALTER TABLE identity_users ADD COLUMN last_active_at timestamptz;
UPDATE identity_users SET is_demo = true, last_active_at = updated_at WHERE demo_persona IS NOT NULL;
CREATE INDEX identity_users_live_demo_index ON identity_users (last_active_at) WHERE is_demo AND demo_expired_at IS NULL;

-- Down Migration
DROP INDEX identity_users_live_demo_index;
ALTER TABLE identity_users DROP COLUMN last_active_at;
ALTER TABLE identity_users DROP COLUMN demo_expired_at;
ALTER TABLE identity_users DROP COLUMN is_demo;
