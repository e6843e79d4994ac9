import { startLedgerApp } from '../ledger/app-support';
import type { IdentityTestApp } from '../identity/support';

jest.setTimeout(120_000);

/** Every endpoint of issue 6 is in the OpenAPI document with the path the screens call. */
describe('account and currency routes in the OpenAPI document', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  it.each([
    ['get', '/api/users/master-key-status'],
    ['post', '/api/users/activate-master-key'],
    ['get', '/api/users/instagram-status'],
    ['post', '/api/users/register-instagram'],
    ['post', '/api/admin/users/{userId}/verify-instagram'],
    ['get', '/api/admin/instagram-verifications'],
    ['post', '/api/users/claim-instagram-points'],
    ['post', '/api/users/register-influence-rewards'],
    ['post', '/api/admin/users/{userId}/verify-influence'],
    ['get', '/api/admin/influence-verifications'],
    ['post', '/api/users/claim-influence-points'],
    ['post', '/api/users/process-referral'],
    ['get', '/api/users/referral-status'],
    ['get', '/api/users/influence-rewards-status'],
    ['get', '/api/users/upgrade-costs'],
    ['post', '/api/users/upgrade-tier'],
    ['get', '/api/users/gold-shop-items'],
    ['get', '/api/users/gold-purchases'],
    ['post', '/api/users/gold-purchase'],
    ['get', '/api/users/active-boosts'],
    ['get', '/api/users/achievements'],
    ['post', '/api/users/achievements/{id}/claim'],
    ['get', '/api/users/me/progress'],
    ['get', '/api/leaderboard/{period}'],
    ['get', '/api/notifications'],
    ['get', '/api/notifications/unread-count'],
    ['post', '/api/notifications/{id}/read'],
    ['post', '/api/notifications/read-all'],
    ['get', '/api/search'],
  ])('%s %s', async (method, path) => {
    const document = await testApp.http().get('/api/docs-json').expect(200);
    expect(document.body.paths[path]?.[method]).toBeDefined();
  });
});
