import {
  ContentModule,
  DropsModule,
  IdentityModule,
  LedgerModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
} from '../../src/modules/context-modules';
import { EngagementModule } from '../../src/modules/engagement/engagement.module';
import { auth, givenUser, waitFor, type TestUser } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

export { auth, balancesOf, givenFunds, givenUser, waitFor, type TestUser } from '../drops/support';

/** Identity, the ledger, rewards, progress, search, drops, content and engagement on a fresh PostgreSQL database. */
export function startEngagementApp(name = 'engagement_api'): Promise<IdentityTestApp> {
  return startAppWithModules(name, [
    IdentityModule,
    LedgerModule,
    RewardsModule,
    ProgressModule,
    SearchModule,
    DropsModule,
    ContentModule,
    EngagementModule,
  ]);
}

export async function givenContent(
  testApp: IdentityTestApp,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const body = {
    platform: 'tiktok',
    title: 'Morning routine',
    description: 'Five things I do before work',
    platform_url: 'https://www.tiktok.com/@someone/video/1',
    total_shares: 100,
    ...overrides,
  };
  const created = await testApp.http().post('/api/content').set(auth(owner.token)).send(body).expect(201);
  return created.body.contentId as string;
}

/** `ledger verify` over the whole log: no finding (balanced, no undocumented issuance, demo isolation, ...). */
export async function expectLedgerVerifiesClean(testApp: IdentityTestApp): Promise<void> {
  const admin = await givenUser(testApp, { admin: true });
  const verify = await waitFor(
    () => testApp.http().get('/api/admin/ledger/verify').set(auth(admin.token)),
    (response) => response.status === 200 && response.body.ok === true,
    20_000,
  );
  expect(verify.body.findings).toEqual([]);
}
