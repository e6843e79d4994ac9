import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { AwardExperienceCommand } from '../../src/modules/progress';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { auth, balancesOf, eventually, grant, signUpAdmin } from '../rewards/support';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger';
import { postTransaction } from '../ledger/multi-user-transactions';

jest.setTimeout(120_000);

type AchievementBody = { id: string; progress: number; is_claimable: boolean; is_completed: boolean };

/** XP, levels and achievements on the whole app over a fresh PostgreSQL database. */
describe('progress API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  const achievements = (token: string) => testApp.http().get('/api/users/achievements').set(auth(token)).expect(200);
  const achievement = async (token: string, id: string) =>
    ((await achievements(token)).body as AchievementBody[]).find((entry) => entry.id === id)!;
  const claim = (token: string, id: string) =>
    testApp.http().post(`/api/users/achievements/${id}/claim`).set(auth(token));

  it('answers 401 without a session', async () => {
    await testApp.http().get('/api/users/achievements').expect(401);
    await testApp.http().post('/api/users/achievements/first-steps/claim').expect(401);
    await testApp.http().get('/api/users/me/progress').expect(401);
  });

  it('lists the six defaults; a new account can claim First Steps once for 5 gold and 100 XP', async () => {
    const user = await signUp(testApp);
    const list = await eventually(
      () => achievements(user.token),
      (response) => response.body.find((entry: AchievementBody) => entry.id === 'first-steps').is_claimable,
    );
    expect(
      list.body.map(
        (entry: { name: string; gold_reward: number; xp_reward: number; criteria_value: number; category: string }) => [
          entry.name,
          entry.category,
          entry.criteria_value,
          entry.gold_reward,
          entry.xp_reward,
        ],
      ),
    ).toEqual([
      ['First Steps', 'engagement', 1, 5, 100],
      ['Content Creator', 'creation', 1, 10, 200],
      ['Social Butterfly', 'social', 100, 25, 500],
      ['Level Up', 'progression', 5, 15, 300],
      ['Big Spender', 'currency', 1000, 20, 400],
      ['Master Creator', 'creation', 5, 50, 1000],
    ]);
    const goldBefore = (await balancesOf(testApp, user.token)).gold_collected;
    const claimed = await claim(user.token, 'first-steps').expect(200);
    expect(claimed.body).toMatchObject({
      success: true,
      achievement_id: 'first-steps',
      gold_reward: 5,
      xp_reward: 100,
      xp_gained: 100,
      xp_points: 100,
      level: 0,
    });
    expect((await balancesOf(testApp, user.token)).gold_collected).toBe(goldBefore + 5);
    expect(await achievement(user.token, 'first-steps')).toMatchObject({ is_completed: true, is_claimable: false });
    const twice = await claim(user.token, 'first-steps').expect(409);
    expect(twice.body).toMatchObject({ code: 'ACHIEVEMENT_ALREADY_CLAIMED', error: 'Achievement already claimed' });
    const progress = await testApp.http().get('/api/users/me/progress').set(auth(user.token)).expect(200);
    expect(progress.body).toEqual({
      xp_points: 100,
      level: 0,
      level_start_xp: 0,
      next_level_xp: 1000,
      xp_to_next_level: 900,
      level_progress_percent: 10,
    });
    expect((await balancesOf(testApp, user.token)).gold_collected).toBe(goldBefore + 5);
  });

  it('shows another user only the achievements they earned (their badges), never their progress', async () => {
    const earner = await signUp(testApp);
    const viewer = await signUp(testApp);
    const badges = (token: string, userId: string) =>
      testApp.http().get(`/api/users/achievements?userId=${userId}`).set(auth(token)).expect(200);
    await eventually(
      () => achievements(earner.token),
      (response) => response.body.find((entry: AchievementBody) => entry.id === 'first-steps').is_claimable,
    );
    // Claimable but not claimed is not a badge yet.
    expect((await badges(viewer.token, earner.user.id)).body).toEqual([]);
    await claim(earner.token, 'first-steps').expect(200);
    const earned = (await badges(viewer.token, earner.user.id)).body as Array<
      AchievementBody & { name: string; criteria_value: number; completed_at: string }
    >;
    expect(earned).toEqual([
      expect.objectContaining({
        id: 'first-steps',
        name: 'First Steps',
        is_completed: true,
        is_claimable: false,
        progress: 1,
      }),
    ]);
    expect(Date.parse(earned[0]!.completed_at)).not.toBeNaN();
    // Their own list still has all six with progress; the parameter naming oneself is the own list.
    expect((await badges(earner.token, earner.user.id)).body).toHaveLength(6);
    expect((await badges(viewer.token, randomUUID())).body).toEqual([]);
  });

  it('refuses unmet (422) and unknown (404) achievements', async () => {
    const user = await signUp(testApp);
    const unmet = await claim(user.token, 'level-up').expect(422);
    expect(unmet.body).toMatchObject({ code: 'ACHIEVEMENT_NOT_MET', error: 'Achievement requirements not met yet' });
    const unknown = await claim(user.token, 'no-such-thing').expect(404);
    expect(unknown.body).toMatchObject({ code: 'ACHIEVEMENT_NOT_FOUND', error: 'Achievement not found' });
  });

  it('claims First Steps right after sign-up, without waiting: the counters are read once they pass the sign-up (10 of 10)', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const user = await signUp(testApp);
      const claimed = await claim(user.token, 'first-steps').expect(200);
      expect(claimed.body).toMatchObject({ success: true, achievement_id: 'first-steps' });
    }
  });

  it('two parallel claims of the same achievement: exactly one pays', async () => {
    const user = await signUp(testApp);
    await eventually(
      () => achievement(user.token, 'first-steps'),
      (entry) => entry.is_claimable,
    );
    const goldBefore = (await balancesOf(testApp, user.token)).gold_collected;
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(user.token, 'first-steps')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await balancesOf(testApp, user.token)).gold_collected).toBe(goldBefore + 5);
    expect((await testApp.http().get('/api/users/me/progress').set(auth(user.token))).body.xp_points).toBe(100);
  });

  it('Level Up at level 5: level n spans 1000·n to 1000·(n+1) XP', async () => {
    const user = await signUp(testApp);
    const commandBus = testApp.app.get(CommandBus);
    await commandBus.execute(new AwardExperienceCommand(user.user.id, 4_999, 'test', 'grant-1'));
    expect((await achievement(user.token, 'level-up')).progress).toBe(4);
    await claim(user.token, 'level-up').expect(422);
    await commandBus.execute(new AwardExperienceCommand(user.user.id, 1, 'test', 'grant-2'));
    // The same source id awards once.
    await commandBus.execute(new AwardExperienceCommand(user.user.id, 1, 'test', 'grant-2'));
    const progress = await testApp.http().get('/api/users/me/progress').set(auth(user.token)).expect(200);
    expect(progress.body).toMatchObject({
      xp_points: 5000,
      level: 5,
      level_start_xp: 5000,
      next_level_xp: 6000,
      xp_to_next_level: 1000,
    });
    const claimed = await claim(user.token, 'level-up').expect(200);
    expect(claimed.body).toMatchObject({ gold_reward: 15, xp_gained: 300, xp_points: 5300, level: 5 });
  });

  it('Big Spender counts points spent (here on keys), Social Butterfly the verified followers (never the declared ones)', async () => {
    const user = await signUp(testApp);
    await grant(testApp, user.user.id, 'points', 20_000n);
    await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .send({ from_currency: 'points', to_currency: 'keys', amount: 2 })
      .expect(200);
    expect(
      await eventually(
        () => achievement(user.token, 'big-spender'),
        (entry) => entry.progress === 1000,
      ),
    ).toMatchObject({ progress: 1000, is_claimable: true });

    await testApp
      .http()
      .post('/api/users/register-influence-rewards')
      .set(auth(user.token))
      .send({
        full_name: 'Ada',
        platform: 'instagram',
        platform_username: 'ada',
        phone_number: '+1 555 0100',
        email: 'ada@example.com',
        follower_count: 800_000,
      })
      .expect(200);
    // A declared count is a claim: it unlocks nothing until an administrator verified it (here, 800 followers seen).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await achievement(user.token, 'social-butterfly')).toMatchObject({ progress: 0, is_claimable: false });
    await claim(user.token, 'social-butterfly').expect((response) =>
      expect(response.status).toBeGreaterThanOrEqual(400),
    );
    const admin = await signUpAdmin(testApp);
    await testApp
      .http()
      .post(`/api/admin/users/${user.user.id}/verify-influence`)
      .set(auth(admin.token))
      .send({ verified_follower_count: 800 })
      .expect(200);
    expect(
      await eventually(
        () => achievement(user.token, 'social-butterfly'),
        (entry) => entry.progress === 800,
      ),
    ).toMatchObject({ is_claimable: true });
    await claim(user.token, 'social-butterfly').expect(200);
    await claim(user.token, 'big-spender').expect(200);
  });

  it('Big Spender counts a two-user transaction once, for the user whose points leave', async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    await grant(testApp, alice.user.id, 'points', 10_000n);
    // Alice pays bob 600 points and burns 399.9 in one transaction (a copy in each stream), then 0.1 more alone.
    await postTransaction(testApp, 'TIP', [
      {
        debitAccount: userAccount(alice.user.id),
        creditAccount: userAccount(bob.user.id),
        currency: 'points',
        amountMinor: 6_000n,
      },
      {
        debitAccount: userAccount(alice.user.id),
        creditAccount: SYSTEM_ACCOUNTS.burn,
        currency: 'points',
        amountMinor: 3_999n,
      },
    ]);
    const almost = await eventually(
      () => achievement(alice.token, 'big-spender'),
      (entry) => entry.progress === 999,
    );
    expect(almost).toMatchObject({ progress: 999, is_claimable: false });
    await postTransaction(testApp, 'DROP_APPLICATION', [
      {
        debitAccount: userAccount(alice.user.id),
        creditAccount: SYSTEM_ACCOUNTS.burn,
        currency: 'points',
        amountMinor: 1n,
      },
    ]);
    expect(
      await eventually(
        () => achievement(alice.token, 'big-spender'),
        (entry) => entry.progress === 1000,
      ),
    ).toMatchObject({ progress: 1000, is_claimable: true });
    // Bob received points and spent none.
    expect(await achievement(bob.token, 'big-spender')).toMatchObject({ progress: 0, is_claimable: false });
  });

  it('Content Creator and Master Creator count content pieces from content events', async () => {
    const user = await signUp(testApp);
    const eventStore = testApp.app.get<EventStore>(EVENT_STORE);
    for (let index = 0; index < 5; index += 1) {
      const contentId = randomUUID();
      await eventStore.append([
        {
          streamId: `test-content-${contentId}`,
          expectedVersion: 'no_stream',
          events: [{ type: 'ContentCreated', data: { contentId, creatorId: user.user.id } }],
        },
      ]);
      if (index === 0) {
        expect(
          await eventually(
            () => achievement(user.token, 'content-creator'),
            (entry) => entry.is_claimable,
          ),
        ).toMatchObject({ progress: 1 });
        await claim(user.token, 'master-creator').expect(422);
      }
    }
    expect(
      await eventually(
        () => achievement(user.token, 'master-creator'),
        (entry) => entry.is_claimable,
      ),
    ).toMatchObject({ progress: 5 });
    const claimed = await claim(user.token, 'master-creator').expect(200);
    expect(claimed.body).toMatchObject({ gold_reward: 50, xp_reward: 1000, level: 1 });
  });

  it('a 7-Day XP Boost triples the XP of a claim', async () => {
    const user = await signUp(testApp);
    await grant(testApp, user.user.id, 'gold', 300n);
    await testApp
      .http()
      .post('/api/users/gold-purchase')
      .set(auth(user.token))
      .send({ item_name: '7-Day XP Boost' })
      .expect(200);
    await eventually(
      () => achievement(user.token, 'first-steps'),
      (entry) => entry.is_claimable,
    );
    const claimed = await claim(user.token, 'first-steps').expect(200);
    expect(claimed.body).toMatchObject({ xp_reward: 100, xp_gained: 300, xp_points: 300 });
  });

  it('honours Idempotency-Key on a claim', async () => {
    const user = await signUp(testApp);
    await eventually(
      () => achievement(user.token, 'first-steps'),
      (entry) => entry.is_claimable,
    );
    const first = await claim(user.token, 'first-steps').set('Idempotency-Key', 'claim-first').expect(200);
    const replay = await claim(user.token, 'first-steps').set('Idempotency-Key', 'claim-first').expect(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    await claim(user.token, 'first-steps').expect(409);
  });
});
