import { SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { LedgerExecutor } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { periodKey } from '../../src/modules/leaderboard/leaderboard-periods';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { auth, eventually } from '../rewards/support';
import { applyReferral, postTransaction } from '../ledger/multi-user-transactions';

jest.setTimeout(120_000);

type Entry = {
  id: string;
  rank: number;
  points_earned: number;
  gems_earned: number;
  keys_used: number;
  gold_collected: number;
  composite_score: number;
  username: string;
};

/** The leaderboard as a projection of ledger events, on the whole app over a fresh PostgreSQL database. */
describe('leaderboard API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  async function post(
    reasonCode: 'REFERRAL_BONUS' | 'DROP_REWARD' | 'ACHIEVEMENT_REWARD' | 'DROP_APPLICATION' | 'ADJUSTMENT',
    userId: string,
    currency: 'points' | 'gems' | 'gold' | 'keys',
    amountMinor: bigint,
    now = new Date().toISOString(),
  ) {
    const spend = reasonCode === 'DROP_APPLICATION';
    const outcome = await testApp.app.get(LedgerExecutor).execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode,
        description: 'test',
        postings: [
          spend
            ? { debitAccount: userAccount(userId), creditAccount: SYSTEM_ACCOUNTS.burn, currency, amountMinor }
            : { debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(userId), currency, amountMinor },
        ],
        now,
      },
    });
    expect(outcome.kind).toBe('accepted');
  }

  const board = (token: string, period: string) => testApp.http().get(`/api/leaderboard/${period}`).set(auth(token));

  it('is empty before anyone earns (opening grants do not count), and needs a session', async () => {
    const user = await signUp(testApp);
    await testApp.http().get('/api/leaderboard/daily').expect(401);
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const period of ['daily', 'weekly', 'monthly'])
      expect((await board(user.token, period).expect(200)).body).toEqual([]);
    const invalid = await board(user.token, 'yearly').expect(400);
    expect(invalid.body.error).toBe('period must be daily, weekly or monthly');
  });

  it('ranks by composite = 0.25·points + 0.40·gems + 0.15·keys + 0.20·gold, to 1 decimal', async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    // Alice: 1000.5 points, 12.3456 gems, 3 keys used, 7 gold → 250.125 + 4.93824 + 0.45 + 1.4 = 256.91324 → 256.9
    await post('REFERRAL_BONUS', alice.user.id, 'points', 10_005n);
    await post('DROP_REWARD', alice.user.id, 'gems', 123_456n);
    await post('ACHIEVEMENT_REWARD', alice.user.id, 'gold', 7n);
    await post('ADJUSTMENT', alice.user.id, 'keys', 5n); // not an earning
    await post('DROP_APPLICATION', alice.user.id, 'keys', 3n);
    // Bob: 2000 gems → 800.0
    await post('DROP_REWARD', bob.user.id, 'gems', 20_000_000n);
    // Long ago: in no current period.
    await post(
      'REFERRAL_BONUS',
      alice.user.id,
      'points',
      1_000_000n,
      new Date(Date.now() - 70 * 86_400_000).toISOString(),
    );

    for (const period of ['daily', 'weekly', 'monthly']) {
      const response = await eventually(
        () => board(alice.token, period).expect(200),
        (answer) => answer.body.length === 2 && answer.body[1].gold_collected === 7,
      );
      const entries = response.body as Entry[];
      expect(entries.map((entry) => [entry.rank, entry.id])).toEqual([
        [1, bob.user.id],
        [2, alice.user.id],
      ]);
      expect(entries[0]).toMatchObject({
        username: bob.username,
        points_earned: 0,
        gems_earned: 2000,
        keys_used: 0,
        gold_collected: 0,
        composite_score: 800,
      });
      expect(entries[1]).toMatchObject({
        points_earned: 1000.5,
        gems_earned: 12.3456,
        keys_used: 3,
        gold_collected: 7,
        composite_score: 256.9,
      });
    }
  });

  it("answers the month's top three to visitors, names and earnings only (the landing page's success stories)", async () => {
    const user = await signUp(testApp);
    const monthly = (await board(user.token, 'monthly').expect(200)).body as Entry[];
    const top = await testApp.http().get('/api/leaderboard/top-earners').expect(200);
    expect(top.body.month).toBe(periodKey('monthly', new Date().toISOString()));
    expect(top.body.earners).toEqual(
      monthly.slice(0, 3).map((entry) => ({
        rank: entry.rank,
        username: entry.username,
        display_name: expect.anything(),
        avatar_url: null,
        points_earned: entry.points_earned,
        gems_earned: entry.gems_earned,
      })),
    );
    expect(top.body.earners[0]).not.toHaveProperty('id');
  });

  it('a rebuild from the log gives the same ranking', async () => {
    const user = await signUp(testApp);
    const before = (await board(user.token, 'monthly').expect(200)).body;
    expect(before.length).toBeGreaterThan(0);
    await testApp.app.get(ProjectionsService).rebuildProjection('leaderboard');
    expect((await board(user.token, 'monthly').expect(200)).body).toEqual(before);
  });

  it('a transaction between two users counts once for each (copies in both streams), referral included', async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    // One drop completion paying both: alice 500 points and uses her opening key, bob 250 points and 1 gem.
    await postTransaction(testApp, 'DROP_REWARD', [
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(alice.user.id),
        currency: 'points',
        amountMinor: 5_000n,
      },
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(bob.user.id),
        currency: 'points',
        amountMinor: 2_500n,
      },
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(bob.user.id),
        currency: 'gems',
        amountMinor: 10_000n,
      },
      {
        debitAccount: userAccount(alice.user.id),
        creditAccount: SYSTEM_ACCOUNTS.burn,
        currency: 'keys',
        amountMinor: 1n,
      },
    ]);
    // Bob tips alice 10 points: her earning, not his.
    await postTransaction(testApp, 'TIP', [
      {
        debitAccount: userAccount(bob.user.id),
        creditAccount: userAccount(alice.user.id),
        currency: 'points',
        amountMinor: 100n,
      },
    ]);
    // A referral over HTTP: one transaction paying the referrer 500 points and the referred user 250.
    const referrer = await signUp(testApp);
    const referred = await signUp(testApp);
    await applyReferral(testApp, referred, referrer);

    const expected = {
      [alice.user.id]: { points_earned: 510, gems_earned: 0, keys_used: 1, gold_collected: 0 },
      [bob.user.id]: { points_earned: 250, gems_earned: 1, keys_used: 0, gold_collected: 0, composite_score: 62.9 },
      [referrer.user.id]: { points_earned: 500, gems_earned: 0, keys_used: 0, gold_collected: 0, composite_score: 125 },
      [referred.user.id]: {
        points_earned: 250,
        gems_earned: 0,
        keys_used: 0,
        gold_collected: 0,
        composite_score: 62.5,
      },
    };
    for (const period of ['daily', 'weekly', 'monthly']) {
      const response = await eventually(
        () => board(alice.token, period).expect(200),
        (answer) =>
          (answer.body as Entry[]).filter((entry) => entry.id in expected).length === 4 &&
          (answer.body as Entry[]).some((entry) => entry.id === referred.user.id),
      );
      const mine = Object.fromEntries(
        (response.body as Entry[]).filter((entry) => entry.id in expected).map((entry) => [entry.id, entry]),
      );
      for (const [userId, figures] of Object.entries(expected)) expect(mine[userId]).toMatchObject(figures);
    }
    // A rebuild from the log folds the copies the same way.
    await testApp.app.get(ProjectionsService).rebuildProjection('leaderboard');
    const rebuilt = (await board(alice.token, 'daily').expect(200)).body as Entry[];
    for (const [userId, figures] of Object.entries(expected))
      expect(rebuilt.find((entry) => entry.id === userId)).toMatchObject(figures);
  });

  it('periods are the UTC day, the ISO week from Monday and the month', () => {
    expect(periodKey('daily', '2026-03-15T23:59:59.999Z')).toBe('2026-03-15');
    expect(periodKey('weekly', '2026-03-15T12:00:00.000Z')).toBe('2026-03-09'); // a Sunday belongs to the week of Monday 9th
    expect(periodKey('weekly', '2026-03-16T00:00:00.000Z')).toBe('2026-03-16');
    expect(periodKey('monthly', '2026-03-31T23:59:59.999Z')).toBe('2026-03');
  });
});
