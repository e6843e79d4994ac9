import {
  ContentModule,
  DropsModule,
  IdentityModule,
  LeaderboardModule,
  LedgerModule,
  ProgressModule,
  RewardsModule,
} from '../../src/modules/context-modules';
import { CommandBus } from '@nestjs/cqrs';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { proofDrop, waitFor } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth, contentForm, givenUser } from './support';

describe('public profiles with content, drops and leaderboard position; achievements count content', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startAppWithModules('content_profiles', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      ProgressModule,
      LeaderboardModule,
      DropsModule,
      ContentModule,
    ]);
  }, 120_000);
  afterAll(() => testApp?.close());

  it("answers the creator's content (newest first) by username and by id", async () => {
    const creator = await givenUser(testApp);
    const first = (
      await testApp
        .http()
        .post('/api/content')
        .set(auth(creator.token))
        .send(contentForm({ title: 'First' }))
        .expect(201)
    ).body.contentId;
    const second = (
      await testApp
        .http()
        .post('/api/content')
        .set(auth(creator.token))
        .send(contentForm({ title: 'Second' }))
        .expect(201)
    ).body.contentId;
    const byName = (await testApp.http().get(`/api/users/public/${creator.user.username}`).expect(200)).body;
    expect(byName.content.map((item: { id: string }) => item.id)).toEqual([second, first]);
    expect(byName.drops).toEqual([]);
    const byId = (await testApp.http().get(`/api/users/public/id/${creator.user.id}`).expect(200)).body;
    expect(byId.content.map((item: { id: string }) => item.id)).toEqual([second, first]);
  });

  it("answers an advertiser's drops and today's leaderboard position", async () => {
    const advertiser = await givenUser(testApp, { advertiser: 'premium' });
    const drop = (await testApp.http().post('/api/drops').set(auth(advertiser.token)).send(proofDrop()).expect(201))
      .body.id;
    // An earning the leaderboard counts (demo top-ups and opening grants do not).
    const earned = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'REFERRAL_BONUS',
          description: 'Referral bonus',
          postings: [
            {
              debitAccount: SYSTEM_ACCOUNTS.issuance,
              creditAccount: userAccount(advertiser.user.id),
              currency: 'points',
              amountMinor: 5000n,
            },
          ],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(earned.ok).toBe(true);
    const profile = await waitFor(
      async () => (await testApp.http().get(`/api/users/public/${advertiser.user.username}`).expect(200)).body,
      (body) => body.leaderboard_position !== null,
    );
    expect(profile.drops.map((item: { id: string }) => item.id)).toEqual([drop]);
    expect(profile.leaderboard_position).toEqual({
      daily_rank: expect.any(Number),
      composite_score: expect.any(Number),
    });
    expect(profile.leaderboard_position.daily_rank).toBeGreaterThanOrEqual(1);
    expect(profile.leaderboard_position.composite_score).toBeGreaterThan(0);
  });

  it('counts ContentCreated toward Content Creator (claimable after one) and Master Creator (five)', async () => {
    type Achievement = { id: string; progress: number; is_claimable: boolean };
    const creator = await givenUser(testApp);
    const achievements = () => testApp.http().get('/api/users/achievements').set(auth(creator.token)).expect(200);
    const byId = (list: Achievement[], id: string) => list.find((entry) => entry.id === id)!;
    for (let index = 0; index < 2; index += 1)
      await testApp.http().post('/api/content').set(auth(creator.token)).send(contentForm()).expect(201);
    const list = (await waitFor(achievements, (answer) => byId(answer.body, 'master-creator').progress === 2))
      .body as Achievement[];
    expect(byId(list, 'content-creator')).toMatchObject({ progress: 2, is_claimable: true });
    expect(byId(list, 'master-creator')).toMatchObject({ progress: 2, is_claimable: false });
  });

  it('GET /api/users/me shows the activity streak, USD earned, Master Key, followers, level and XP', async () => {
    const user = await givenUser(testApp);
    const fresh = (await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200)).body;
    expect(fresh).toMatchObject({
      points_streak_days: 0,
      total_earnings_usd: 0,
      master_key_activated_at: null,
      follower_count: 0,
      level: 0,
      xp_points: 0,
    });
    const tip = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'TIP',
          description: 'Tip received',
          postings: [
            {
              debitAccount: SYSTEM_ACCOUNTS.issuance,
              creditAccount: userAccount(user.user.id),
              currency: 'usd',
              amountMinor: 1_500n,
            },
          ],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(tip.ok).toBe(true);
    const after = (await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200)).body;
    expect(after).toMatchObject({ points_streak_days: 1, total_earnings_usd: 0.15 });
  });
});
