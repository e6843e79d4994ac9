import {
  ContentModule,
  EngagementModule,
  IdentityModule,
  LedgerModule,
  MarketModule,
  ProgressModule,
  RewardsModule,
} from '../../src/modules/context-modules';
import { givenFunds } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth, contentForm, givenUser, type TestUser } from './support';

// Content with the real engagement and market contexts: what a like, a fund and a purchase record there is what
// content shows and decides on.
describe('content with the engagement context', () => {
  let testApp: IdentityTestApp;
  let creator: TestUser;
  let fan: TestUser;
  let contentId: string;

  beforeAll(async () => {
    testApp = await startAppWithModules('content_engagement', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      ProgressModule,
      ContentModule,
      EngagementModule,
      MarketModule,
    ]);
    creator = await givenUser(testApp);
    fan = await givenUser(testApp);
    contentId = (await testApp.http().post('/api/content').set(auth(creator.token)).send(contentForm()).expect(201))
      .body.contentId;
  }, 120_000);
  afterAll(() => testApp?.close());

  it('shows a like in the item, its metrics and the liker’s status at once', async () => {
    await testApp
      .http()
      .post('/api/users/social-action')
      .set(auth(fan.token))
      .send({ action_type: 'like', reference_id: contentId, reference_type: 'content' })
      .expect(200);
    const status = (await testApp.http().get(`/api/content/${contentId}/user-status`).set(auth(fan.token)).expect(200))
      .body;
    expect(status).toMatchObject({ has_liked: true, has_saved: false, is_owner: false, owned_shares: 1 });
    const item = (await testApp.http().get(`/api/content/${contentId}`).expect(200)).body;
    expect(item).toMatchObject({ likes_count: 1, engagement_shares_total: 20, engagement_shares_remaining: 19 });
    expect((await testApp.http().get(`/api/content/${contentId}/metrics`).expect(200)).body).toMatchObject({
      likes: 1,
      internal_moves: 1,
    });
  });

  it('prices shares with the same rule the fund answered', async () => {
    await givenFunds(testApp, fan.user.id, 'gems', '500');
    const funded = (
      await testApp
        .http()
        .post(`/api/content/${contentId}/fund`)
        .set(auth(fan.token))
        .send({ amount: 300, currency_type: 'Gems' })
        .expect(200)
    ).body;
    const item = (await testApp.http().get(`/api/content/${contentId}`).expect(200)).body;
    expect(item.current_revenue).toBe(funded.new_revenue);
    expect(item.share_price).toBe(funded.new_share_price);
    expect(item.share_price).toBe(0.03); // 300 gems = $3 over 100 shares
  });

  it("counts the market's primary sales: fewer shares for sale, an edit never below what was sold, a delete archives", async () => {
    const buyer = await givenUser(testApp);
    await givenFunds(testApp, buyer.user.id, 'usd', '100');
    const sold = (await testApp.http().post('/api/content').set(auth(creator.token)).send(contentForm()).expect(201))
      .body.contentId;
    await testApp
      .http()
      .post('/api/content/buy-shares')
      .set(auth(buyer.token))
      .send({ content_id: sold, shares_count: 30 })
      .expect((answer) => expect([200, 201]).toContain(answer.status));
    expect((await testApp.http().get(`/api/content/${sold}`).expect(200)).body.available_shares).toBe(50); // 100 − 20 pool − 30 sold
    const tooFew = await testApp
      .http()
      .put(`/api/content/${sold}`)
      .set(auth(creator.token))
      .send({ total_shares: 49 })
      .expect(422);
    expect(tooFew.body.error).toBe('Total shares cannot be less than the 50 shares set aside or held');
    expect(
      (await testApp.http().delete(`/api/content/${sold}`).set(auth(creator.token)).expect(200)).body.outcome,
    ).toBe('archived');
  });

  it('archives rather than erases content someone holds an engagement share in', async () => {
    expect(
      (await testApp.http().delete(`/api/content/${contentId}`).set(auth(creator.token)).expect(200)).body.outcome,
    ).toBe('archived');
    expect((await testApp.http().get(`/api/content/${contentId}`).expect(200)).body.status).toBe('archived');
  });
});
