-- Up Migration

-- Every route's idempotency keys live under `METHOD /path` (`idempotencyScopeOf(route)`, now that handlers pass their
-- contract route). Fourteen routes recorded theirs under the bare path and the achievement claim under a path of its
-- own; renaming the stored scopes keeps every key recorded before this release replaying its first answer (keys
-- never expire, so a retry after the deploy must not move money twice).
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/shares/listings/:id/buy:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/content/buy-shares:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/campaigns/:id/status:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/campaigns:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/social-forecasts:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/shares/listings:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/shares/offers:');
UPDATE idempotency_keys SET scope = 'DELETE ' || scope WHERE starts_with(scope, '/api/campaigns/:id:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/social-forecasts/:id/predict:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/admin/social-forecasts/:id/observations:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/admin/users/:userId/verify-instagram:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/admin/users/:userId/reject-instagram:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/admin/users/:userId/verify-influence:');
UPDATE idempotency_keys SET scope = 'POST ' || scope WHERE starts_with(scope, '/api/admin/users/:userId/reject-influence:');
UPDATE idempotency_keys SET scope = 'POST /api/users/achievements/:id/claim:' || substr(scope, 36) WHERE starts_with(scope, 'POST /api/users/achievements/claim:');

-- Down Migration
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/shares/listings/:id/buy:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/content/buy-shares:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/campaigns/:id/status:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/campaigns:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/social-forecasts:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/shares/listings:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/shares/offers:');
UPDATE idempotency_keys SET scope = substr(scope, 8) WHERE starts_with(scope, 'DELETE /api/campaigns/:id:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/social-forecasts/:id/predict:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/admin/social-forecasts/:id/observations:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/admin/users/:userId/verify-instagram:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/admin/users/:userId/reject-instagram:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/admin/users/:userId/verify-influence:');
UPDATE idempotency_keys SET scope = substr(scope, 6) WHERE starts_with(scope, 'POST /api/admin/users/:userId/reject-influence:');
UPDATE idempotency_keys SET scope = 'POST /api/users/achievements/claim:' || substr(scope, 40) WHERE starts_with(scope, 'POST /api/users/achievements/:id/claim:');
