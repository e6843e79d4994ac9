import { DropsModule, IdentityModule, LedgerModule, RewardsModule } from '../../src/modules/context-modules';
import { GrowthModule } from '../../src/modules/growth/growth.module';
import { GrowthJobs } from '../../src/modules/growth/growth-jobs';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth, givenUser, waitFor, type TestUser } from '../drops/support';

export { auth, balancesOf, givenFunds, givenUser, waitFor, type TestUser } from '../drops/support';

/** Identity, the ledger, rewards (verified followers) and the Growth Hub on a fresh PostgreSQL database. */
export function startGrowthApp(): Promise<IdentityTestApp> {
  return startAppWithModules('growth_api', [IdentityModule, LedgerModule, RewardsModule, DropsModule, GrowthModule]);
}

export const jobsOf = (testApp: IdentityTestApp) => testApp.app.get(GrowthJobs);
export const DAY = 86_400_000;
export const later = (ms: number) => new Date(Date.now() + ms);

/** A user whose follower count an admin verified through the rewards influence programme. */
export async function givenVerifiedFollowers(
  testApp: IdentityTestApp,
  user: TestUser,
  admin: TestUser,
  followers: number,
): Promise<void> {
  const form = {
    full_name: 'Ada Lovelace',
    platform: 'instagram',
    platform_username: `ada${followers}`,
    phone_number: '+44 20 7946 0000',
    email: 'ada@example.com',
    follower_count: followers,
  };
  await testApp.http().post('/api/users/register-influence-rewards').set(auth(user.token)).send(form).expect(200);
  await testApp
    .http()
    .post(`/api/admin/users/${user.user.id}/verify-influence`)
    .set(auth(admin.token))
    .send({ verified_follower_count: followers })
    .expect(200);
}

export async function expectLedgerVerified(testApp: IdentityTestApp): Promise<void> {
  const admin = await givenUser(testApp, { admin: true });
  const verify = await waitFor(
    () => testApp.http().get('/api/admin/ledger/verify').set(auth(admin.token)),
    (response) => response.status === 200 && response.body.ok === true,
    20_000,
  );
  expect(verify.body.findings).toEqual([]);
}
