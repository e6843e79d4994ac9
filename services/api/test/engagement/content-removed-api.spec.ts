import type { IdentityTestApp } from '../identity/support';
import { ContentRemovedReactor } from '../../src/modules/engagement/settle-removed-content/content-removed.reactor';
import {
  auth,
  balancesOf,
  expectLedgerVerifiesClean,
  givenContent,
  givenFunds,
  givenUser,
  marketVerbs,
  startMarketApp,
  usdOf,
  waitFor,
  type TestUser,
} from '../market/support';

/** What an archived or deleted item leaves behind: its funding reserve to the shareholders, sponsorships refunded. */
describe('content removed: reserve and sponsorships settled', () => {
  let testApp: IdentityTestApp;
  let creator: TestUser;
  let backer: TestUser;
  let investor: TestUser;
  const market = marketVerbs(() => testApp);

  beforeAll(async () => {
    testApp = await startMarketApp('engagement_content_removed');
    creator = await givenUser(testApp);
    backer = await givenUser(testApp);
    investor = await givenUser(testApp);
    await givenFunds(testApp, backer.user.id, 'usd', '100');
    await givenFunds(testApp, investor.user.id, 'usd', '100');
  });
  afterAll(() => testApp?.close());

  const fund = (user: TestUser, contentId: string, amount: string) =>
    testApp.http().post(`/api/content/${contentId}/fund`).set(auth(user.token)).send({ amount, currency_type: 'USD' });

  it('pays an archived item’s reserve to its shareholders pro rata, the creator the rest, once (job reruns pay nothing)', async () => {
    const contentId = await givenContent(testApp, creator, { title: 'Backed item', total_shares: 100 });
    await fund(backer, contentId, '20.00').expect(200);
    await market.buy(investor, contentId, 10).expect(200);
    const investorBefore = await usdOf(testApp, investor);
    const creatorBefore = await usdOf(testApp, creator);
    // The investor holds shares: the owner's delete archives the item.
    const removed = await testApp.http().delete(`/api/content/${contentId}`).set(auth(creator.token)).expect(200);
    expect(JSON.stringify(removed.body)).toMatch(/archived/);
    // The reactor's job: the investor gets 10 / 100 of $20, the creator the other $18.
    await waitFor(
      () => usdOf(testApp, investor),
      (usd) => Math.abs(usd - (investorBefore + 2)) < 1e-9,
      20_000,
    );
    await waitFor(
      () => usdOf(testApp, creator),
      (usd) => Math.abs(usd - (creatorBefore + 18)) < 1e-9,
      20_000,
    );
    await testApp.app.get(ContentRemovedReactor).settle(contentId);
    expect(await usdOf(testApp, investor)).toBeCloseTo(investorBefore + 2, 9);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorBefore + 18, 9);
    // Archived: no new funds (nothing could be stranded in the escrow after its release).
    expect((await fund(backer, contentId, '1.00')).status).toBe(422);
    await expectLedgerVerifiesClean(testApp);
  });

  it('refunds a live sponsorship’s unused gems when the sponsored item is deleted', async () => {
    const advertiser = await givenUser(testApp, { advertiser: 'free' });
    await givenFunds(testApp, advertiser.user.id, 'gems', '200');
    const contentId = await givenContent(testApp, creator, { title: 'Sponsored then gone' });
    await testApp
      .http()
      .post(`/api/content/${contentId}/sponsor`)
      .set(auth(advertiser.token))
      .send({ gems_allocated: 100, boost_multiplier: 3, duration_hours: 24 })
      .expect(200);
    expect((await balancesOf(testApp, advertiser)).gems_balance).toBe(100);
    await testApp.http().delete(`/api/content/${contentId}`).set(auth(creator.token)).expect(200);
    // Deleted within seconds of a 24-hour boost: almost all of the 100 gems come back, never more.
    const after = await waitFor(
      () => balancesOf(testApp, advertiser),
      (balances) => balances.gems_balance > 199,
      20_000,
    );
    expect(after.gems_balance).toBeLessThanOrEqual(200);
    await waitFor(
      async () =>
        ((await testApp.http().get(`/api/content/sponsored`).expect(200)).body as Array<{ id: string }>).map(
          (item) => item.id,
        ),
      (ids) => !ids.includes(contentId),
      20_000,
    );
    await expectLedgerVerifiesClean(testApp);
  });
});
