import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { ChangeUserTierCommand } from '../../src/modules/identity';
import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  balancesOf,
  expectLedgerVerifiesClean,
  givenContent,
  givenUser,
  startEngagementApp,
  waitFor,
  type TestUser,
} from './support';

// Proves that posting a comment or a reply records the comment action (spec 2 §9) once per comment, in the same
// commit as the comment, at the tier's rate, with the free shares once per item and the daily cap said in words.
describe('comments pay the comment action', () => {
  let testApp: IdentityTestApp;
  let owner: TestUser;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_comment_rewards');
    owner = await givenUser(testApp);
  });
  afterAll(() => testApp?.close());

  const comment = (user: TestUser, contentId: string, body: Record<string, unknown>, key?: string) => {
    const request = testApp.http().post(`/api/content/${contentId}/comments`).set(auth(user.token));
    return (key ? request.set('Idempotency-Key', key) : request).send(body);
  };
  const points = async (user: TestUser) => (await balancesOf(testApp, user)).points_balance;
  const rewardEvents = async (userId: string) =>
    (
      await testApp.app
        .get<Pool>(DATABASE_POOL)
        .query<{ data: { commentId?: string; pointsMinor: string } }>(
          `SELECT data FROM events WHERE type = 'SocialActionRecorded' AND data->>'userId' = $1 AND data->>'actionType' = 'comment'`,
          [userId],
        )
    ).rows.map((row) => row.data);

  it('pays a comment 0.3 points and 3 free shares, a reply 0.3 more (no second shares), each named by its comment', async () => {
    const item = await givenContent(testApp, owner);
    const fan = await givenUser(testApp);
    const before = await points(fan);
    const posted = (await comment(fan, item, { comment_text: 'Great routine' }).expect(201)).body;
    expect(posted.reward).toMatchObject({
      action_type: 'comment',
      points_earned: 0.3,
      multiplier: 1,
      engagement_shares_earned: 3,
      daily_limit_reached: false,
      message: null,
    });
    const reply = (
      await comment(fan, item, { comment_text: 'And one more thing', parent_comment_id: posted.id }).expect(201)
    ).body;
    expect(reply.parent_comment_id).toBe(posted.id);
    expect(reply.reward).toMatchObject({ points_earned: 0.3, engagement_shares_earned: 0 });
    expect(await points(fan)).toBeCloseTo(before + 0.6, 5);
    expect((await rewardEvents(fan.user.id)).map((event) => event.commentId).sort()).toEqual(
      [posted.id, reply.id].sort(),
    );
    // The item's user status is content's projection of these events (eventual): it shows the 3 shares once caught up.
    const status = await waitFor(
      () => testApp.http().get(`/api/content/${item}/user-status`).set(auth(fan.token)),
      (response) => response.status === 200 && response.body.owned_shares === 3,
      10_000,
    );
    expect(status.body.owned_shares).toBe(3);
  });

  it('multiplies by the tier, floored to one decimal: premium 0.4, super 0.6', async () => {
    const item = await givenContent(testApp, owner, { title: 'Tiers' });
    const [premium, superFan] = [await givenUser(testApp), await givenUser(testApp)];
    const commandBus = testApp.app.get(CommandBus);
    await commandBus.execute(new ChangeUserTierCommand(premium.user.id, 'premium'));
    await commandBus.execute(new ChangeUserTierCommand(superFan.user.id, 'super'));
    expect((await comment(premium, item, { comment_text: 'Premium view' }).expect(201)).body.reward).toMatchObject({
      points_earned: 0.4,
      multiplier: 1.5,
    });
    expect((await comment(superFan, item, { comment_text: 'Super view' }).expect(201)).body.reward).toMatchObject({
      points_earned: 0.6,
      multiplier: 2,
    });
  });

  it('pays once per comment under retries: the same Idempotency-Key twice, or at once, posts and pays once', async () => {
    const item = await givenContent(testApp, owner, { title: 'Retries' });
    const fan = await givenUser(testApp);
    const before = await points(fan);
    const [first, second] = await Promise.all([
      comment(fan, item, { comment_text: 'Once' }, 'comment-once'),
      comment(fan, item, { comment_text: 'Once' }, 'comment-once'),
    ]);
    const third = await comment(fan, item, { comment_text: 'Once' }, 'comment-once');
    const answered = [first, second, third].filter((response) => response.status === 201);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answered.map((response) => response.body.id)).size).toBe(1);
    expect(answered.every((response) => response.body.reward.points_earned === 0.3)).toBe(true);
    const list = (await testApp.http().get(`/api/content/${item}/comments`).expect(200)).body;
    expect(list).toHaveLength(1);
    expect(await points(fan)).toBeCloseTo(before + 0.3, 5);
    expect(await rewardEvents(fan.user.id)).toHaveLength(1);
  });

  it("pays nothing on one's own item, and a refused comment pays nothing", async () => {
    const item = await givenContent(testApp, owner, { title: 'Own' });
    const before = await points(owner);
    expect((await comment(owner, item, { comment_text: 'My own' }).expect(201)).body.reward).toMatchObject({
      points_earned: 0,
      engagement_shares_earned: 0,
    });
    await comment(owner, item, { comment_text: '   ' }).expect(400);
    await comment(owner, item, {
      comment_text: 'Orphan reply',
      parent_comment_id: '00000000-0000-4000-8000-000000000000',
    }).expect(404);
    expect(await points(owner)).toBeCloseTo(before, 5);
  });

  it('counts against the daily cap like every quick action and says so when the cap stops the payout', async () => {
    const fan = await givenUser(testApp);
    const items = await Promise.all(
      Array.from({ length: 5 }, (_, index) => givenContent(testApp, owner, { title: `Capped ${index}` })),
    );
    for (const item of items) {
      await testApp
        .http()
        .post('/api/users/social-action')
        .set(auth(fan.token))
        .send({ action_type: 'share', reference_id: item, reference_type: 'content' })
        .expect(200);
    }
    const before = await points(fan);
    const capped = (await comment(fan, items[0]!, { comment_text: 'Past the cap' }).expect(201)).body;
    expect(capped.reward).toMatchObject({
      points_earned: 0,
      daily_points_remaining: 0,
      daily_limit_reached: true,
      message: 'Daily points limit reached; more tomorrow',
    });
    expect(capped.comment_text).toBe('Past the cap');
    expect(await points(fan)).toBeCloseTo(before, 5);
    await expectLedgerVerifiesClean(testApp);
  });
});
