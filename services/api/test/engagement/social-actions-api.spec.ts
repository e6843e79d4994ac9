import { CommandBus } from '@nestjs/cqrs';
import { ChangeUserTierCommand } from '../../src/modules/identity';
import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  balancesOf,
  expectLedgerVerifiesClean,
  givenContent,
  givenUser,
  startEngagementApp,
  type TestUser,
} from './support';

describe('social actions and saved content API', () => {
  let testApp: IdentityTestApp;
  let owner: TestUser;
  let contentId: string;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_social');
    owner = await givenUser(testApp);
    contentId = await givenContent(testApp, owner);
  });
  afterAll(() => testApp?.close());

  const act = (user: TestUser, action: string, id = contentId) =>
    testApp
      .http()
      .post('/api/users/social-action')
      .set(auth(user.token))
      .send({ action_type: action, reference_id: id, reference_type: 'content' });

  it('pays 0.1 point for a like, once, with one engagement share; a second like is refused with the spec text', async () => {
    const fan = await givenUser(testApp);
    const before = await balancesOf(testApp, fan);
    const liked = await act(fan, 'like').expect(200);
    expect(liked.body).toMatchObject({
      success: true,
      action_type: 'like',
      points_earned: 0.1,
      multiplier: 1,
      engagement_shares_earned: 1,
      engagement_shares_remaining: 19,
    });
    const again = await act(fan, 'like').expect(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_LIKED', error: 'You have already liked this content!' });
    expect((await balancesOf(testApp, fan)).points_balance).toBeCloseTo(before.points_balance + 0.1, 5);
    const status = await testApp.http().get(`/api/content/${contentId}/user-status`).set(auth(fan.token));
    expect(status.status).toBe(200);
  });

  it('multiplies by the tier and floors to one decimal: a super like earns 0.2, a premium repost 0.3, a premium like 0.1', async () => {
    const superFan = await givenUser(testApp);
    const premiumFan = await givenUser(testApp);
    const commandBus = testApp.app.get(CommandBus);
    await commandBus.execute(new ChangeUserTierCommand(superFan.user.id, 'super'));
    await commandBus.execute(new ChangeUserTierCommand(premiumFan.user.id, 'premium'));
    const superUser = superFan;
    const premiumUser = premiumFan;
    const superLike = (await act(superUser, 'like').expect(200)).body;
    expect(superLike.multiplier).toBe(2);
    expect(superLike.points_earned).toBe(0.2);
    const premiumRepost = (await act(premiumUser, 'repost').expect(200)).body;
    expect(premiumRepost.multiplier).toBe(1.5);
    expect(premiumRepost.points_earned).toBe(0.3);
    const premiumLike = (await act(premiumUser, 'like').expect(200)).body;
    expect(premiumLike.points_earned).toBe(0.1); // 0.15 floored
  });

  it('saves once with the spec text, lists the saved item, removes it, and a second save earns nothing more', async () => {
    const fan = await givenUser(testApp);
    const saved = await act(fan, 'save').expect(200);
    expect(saved.body.points_earned).toBe(0.5);
    expect((await act(fan, 'save').expect(409)).body.error).toBe('Content already saved to your collection!');
    const list = (await testApp.http().get('/api/users/saved-content').set(auth(fan.token)).expect(200)).body;
    expect(list).toEqual([
      expect.objectContaining({
        content_id: contentId,
        content_title: 'Morning routine',
        content_platform: 'tiktok',
        content_url: 'https://www.tiktok.com/@someone/video/1',
      }),
    ]);
    await testApp.http().delete(`/api/users/saved-content/${contentId}`).set(auth(fan.token)).expect(200);
    expect((await testApp.http().get('/api/users/saved-content').set(auth(fan.token)).expect(200)).body).toEqual([]);
    await testApp.http().delete(`/api/users/saved-content/${contentId}`).set(auth(fan.token)).expect(404);
    const resaved = await act(fan, 'save').expect(200);
    expect(resaved.body.points_earned).toBe(0);
  });

  it('gives engagement shares once per action type (comment 3, share 5) and never beyond the pool', async () => {
    const small = await givenContent(testApp, owner, { total_shares: 100, title: 'Pool test' }); // pool of 20
    const fans = await Promise.all(Array.from({ length: 3 }, () => givenUser(testApp)));
    const given: number[] = [];
    const comment = (fan: TestUser) =>
      testApp
        .http()
        .post(`/api/content/${small}/comments`)
        .set(auth(fan.token))
        .send({ comment_text: 'Nice' })
        .expect(201);
    for (const fan of fans) {
      given.push((await act(fan, 'share', small).expect(200)).body.engagement_shares_earned);
      given.push((await comment(fan)).body.reward.engagement_shares_earned);
      given.push((await act(fan, 'share', small).expect(200)).body.engagement_shares_earned); // a second share: none
    }
    expect(given).toEqual([5, 3, 0, 5, 3, 0, 4, 0, 0]);
  });

  it('pays a share 10 points × tier, once per item; a second share says the points were paid', async () => {
    const fan = await givenUser(testApp);
    const item = await givenContent(testApp, owner, { title: 'Share me' });
    const before = (await balancesOf(testApp, fan)).points_balance;
    expect((await act(fan, 'share', item).expect(200)).body).toMatchObject({
      points_earned: 10,
      multiplier: 1,
      daily_limit_reached: false,
      message: null,
    });
    expect((await act(fan, 'share', item).expect(200)).body).toMatchObject({
      points_earned: 0,
      message: 'Points for this action on this content were already paid',
    });
    expect((await balancesOf(testApp, fan)).points_balance).toBeCloseTo(before + 10, 5);
    const superFan = await givenUser(testApp);
    await testApp.app.get(CommandBus).execute(new ChangeUserTierCommand(superFan.user.id, 'super'));
    expect((await act(superFan, 'share', item).expect(200)).body.points_earned).toBe(20);
  });

  it('pays a repost 0.2 × tier once per item', async () => {
    const fan = await givenUser(testApp);
    const item = await givenContent(testApp, owner, { title: 'Repost me' });
    expect((await act(fan, 'repost', item).expect(200)).body).toMatchObject({
      action_type: 'repost',
      points_earned: 0.2,
      message: null,
    });
    expect((await act(fan, 'repost', item).expect(200)).body.points_earned).toBe(0);
  });

  it('caps quick-action points at 50 a day: past it, actions count for 0 points and the answer says so', async () => {
    const fan = await givenUser(testApp);
    const items = await Promise.all(
      Array.from({ length: 6 }, (_, index) => givenContent(testApp, owner, { title: `Cap ${index}` })),
    );
    let total = 0;
    for (const item of items.slice(0, 5)) total += (await act(fan, 'share', item).expect(200)).body.points_earned;
    expect(total).toBeCloseTo(50, 5);
    const last = (await act(fan, 'share', items[5]).expect(200)).body;
    expect(last).toMatchObject({
      points_earned: 0,
      daily_points_remaining: 0,
      daily_limit_reached: true,
      message: 'Daily points limit reached; more tomorrow',
    });
  });

  it('refuses a bare comment action: a comment pays when it is posted', async () => {
    const fan = await givenUser(testApp);
    const refused = await act(fan, 'comment').expect(422);
    expect(refused.body.code).toBe('COMMENT_THROUGH_COMMENTS');
  });

  it('pays nothing on demo content and refuses bad input with 4xx', async () => {
    const fan = await givenUser(testApp);
    const demo = await givenContent(testApp, owner, { title: 'A demo clip' });
    expect((await act(fan, 'like', demo).expect(200)).body.points_earned).toBe(0);
    expect((await act(owner, 'share').expect(200)).body).toMatchObject({
      points_earned: 0,
      engagement_shares_earned: 0,
    });
    const demoSignIn = await testApp.http().post('/api/auth/demo/creator').send({});
    const sandbox = { ...owner, token: (demoSignIn.body.token ?? demoSignIn.body.access_token) as string };
    expect((await act(sandbox, 'share').expect(200)).body).toMatchObject({
      points_earned: 0,
      engagement_shares_earned: 0,
    });
    await act(fan, 'dance').expect(400);
    await act(fan, 'like', 'not-a-uuid').expect(404);
    await act(fan, 'like', '00000000-0000-4000-8000-000000000000').expect(404);
    await testApp
      .http()
      .post('/api/users/social-action')
      .send({ action_type: 'like', reference_id: contentId })
      .expect(401);
  });

  it('20 users × 2 parallel likes → exactly 20 likes and 20 payouts, and the ledger verifies clean', async () => {
    const item = await givenContent(testApp, owner, { title: 'Race', total_shares: 1000 });
    const fans = await Promise.all(Array.from({ length: 20 }, () => givenUser(testApp)));
    const before = await Promise.all(fans.map((fan) => balancesOf(testApp, fan)));
    const results = await Promise.all(fans.flatMap((fan) => [act(fan, 'like', item), act(fan, 'like', item)]));
    expect(results.filter((response) => response.status === 200)).toHaveLength(20);
    expect(results.filter((response) => response.status === 409)).toHaveLength(20);
    const after = await Promise.all(fans.map((fan) => balancesOf(testApp, fan)));
    after.forEach((balances, index) =>
      expect(balances.points_balance).toBeCloseTo(before[index]!.points_balance + 0.1, 5),
    );
    const metrics = (await testApp.http().get(`/api/content/${item}/metrics`).expect(200)).body;
    expect(metrics).toBeDefined();
    await expectLedgerVerifiesClean(testApp);
  });
});
