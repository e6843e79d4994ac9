import { ShieldService } from '../../src/modules/growth/infrastructure/shield.service';
import type { IdentityTestApp } from '../identity/support';
import {
  DAY,
  auth,
  balancesOf,
  expectLedgerVerified,
  givenFunds,
  givenUser,
  givenVerifiedFollowers,
  jobsOf,
  later,
  startGrowthApp,
  waitFor,
  type TestUser,
} from './support';

jest.setTimeout(120_000);

/** Social Shield: policies, verified-follower minimum, premiums to the pool, renewal / lapse / cancel, claims. */
describe('growth shield API', () => {
  let testApp: IdentityTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    testApp = await startGrowthApp();
    admin = await givenUser(testApp, { admin: true });
  });
  afterAll(() => testApp.close());

  const subscribe = (user: TestUser, policy_id: string) =>
    testApp.http().post('/api/growth/shield/subscribe').set(auth(user.token)).send({ policy_id });

  it('lists the configured policies and refuses unverified followers, unknown policies and too few gems', async () => {
    const user = await givenUser(testApp);
    const policies = await testApp.http().get('/api/growth/shield/policies').set(auth(user.token)).expect(200);
    expect(
      policies.body.map((policy: { premium_amount: number; min_followers: number }) => [
        policy.premium_amount,
        policy.min_followers,
      ]),
    ).toEqual([
      [29, 1000],
      [79, 5000],
      [199, 25000],
    ]);
    await givenFunds(testApp, user.user.id, 'gems', '28');
    expect((await subscribe(user, 'basic').expect(422)).body).toMatchObject({
      code: 'FOLLOWERS_BELOW_MINIMUM',
      error: 'This policy needs at least 1000 verified followers',
    });
    await subscribe(user, 'platinum').expect(404);
    await givenVerifiedFollowers(testApp, user, admin, 1500);
    expect((await subscribe(user, 'pro').expect(422)).body.code).toBe('FOLLOWERS_BELOW_MINIMUM');
    expect((await subscribe(user, 'basic').expect(422)).body.code).toBe('INSUFFICIENT_BALANCE');
    const mine = await testApp.http().get('/api/growth/shield/subscription').set(auth(user.token)).expect(200);
    expect(mine.body).toEqual({ subscription: null, verified_follower_count: 1500, claims: [] });
  });

  it('subscribes (premium to the pool), renews monthly, lapses when gems run out', async () => {
    const user = await givenUser(testApp);
    await givenVerifiedFollowers(testApp, user, admin, 2000);
    await givenFunds(testApp, user.user.id, 'gems', '58');
    const subscribed = await subscribe(user, 'basic').expect(201);
    expect(subscribed.body.subscription).toMatchObject({
      policy_id: 'basic',
      status: 'active',
      premium_amount: 29,
      coverage_amount: 500,
      deductible: 50,
    });
    const { coverage_from, subscribed_at, period_end } = subscribed.body.subscription;
    expect(Date.parse(coverage_from) - Date.parse(subscribed_at)).toBe(DAY);
    expect(Date.parse(period_end) - Date.parse(subscribed_at)).toBe(30 * DAY);
    expect((await subscribe(user, 'basic').expect(409)).body.code).toBe('ALREADY_SUBSCRIBED');
    expect((await balancesOf(testApp, user)).gems_balance).toBe(29);

    const jobs = jobsOf(testApp);
    expect((await jobs.renewShields(later(29 * DAY))).renewed).toBe(0);
    expect((await jobs.renewShields(later(30 * DAY + 60_000))).renewed).toBeGreaterThanOrEqual(1);
    expect((await balancesOf(testApp, user)).gems_balance).toBe(0);
    await jobs.renewShields(later(30 * DAY + 120_000)); // not due again: nothing charged twice
    let mine = await testApp.http().get('/api/growth/shield/subscription').set(auth(user.token)).expect(200);
    expect(Date.parse(mine.body.subscription.period_end) - Date.parse(subscribed_at)).toBe(60 * DAY);
    const lapsed = await jobs.renewShields(later(60 * DAY + 60_000));
    expect(lapsed.lapsed).toBeGreaterThanOrEqual(1);
    mine = await testApp.http().get('/api/growth/shield/subscription').set(auth(user.token)).expect(200);
    expect(mine.body.subscription.status).toBe('lapsed');
    expect((await balancesOf(testApp, user)).gems_balance).toBe(0);
    // The user is told (notifications projection, eventual).
    const notified = await waitFor(
      () => testApp.http().get('/api/notifications').set(auth(user.token)),
      (response) => JSON.stringify(response.body).includes('Social Shield lapsed'),
    );
    expect(JSON.stringify(notified.body)).toContain('could not renew');
  });

  it('cancels at the end of the period', async () => {
    const user = await givenUser(testApp);
    await givenVerifiedFollowers(testApp, user, admin, 6000);
    await givenFunds(testApp, user.user.id, 'gems', '200');
    const subscribed = await subscribe(user, 'pro').expect(201);
    const id = subscribed.body.subscription.id;
    const cancelled = await testApp
      .http()
      .post(`/api/growth/shield/subscriptions/${id}/cancel`)
      .set(auth(user.token))
      .expect(200);
    expect(cancelled.body.subscription.status).toBe('cancelled');
    expect(
      (await testApp.http().post(`/api/growth/shield/subscriptions/${id}/cancel`).set(auth(user.token)).expect(409))
        .body.code,
    ).toBe('ALREADY_CANCELLED');
    await testApp.http().post('/api/growth/shield/subscriptions/other/cancel').set(auth(user.token)).expect(404);
    await jobsOf(testApp).renewShields(later(30 * DAY + 60_000));
    const mine = await testApp.http().get('/api/growth/shield/subscription').set(auth(user.token)).expect(200);
    expect(mine.body.subscription.status).toBe('ended');
    expect((await balancesOf(testApp, user)).gems_balance).toBe(121);
  });

  it('claims: refused before coverage begins or after 7 days; an admin approves (coverage − deductible from the pool) once', async () => {
    const user = await givenUser(testApp);
    const other = await givenUser(testApp);
    await givenVerifiedFollowers(testApp, user, admin, 1200);
    await givenVerifiedFollowers(testApp, other, admin, 1200);
    await givenFunds(testApp, user.user.id, 'gems', '29');
    await givenFunds(testApp, other.user.id, 'gems', '29');
    const subscribed = await subscribe(user, 'basic').expect(201);
    await subscribe(other, 'basic').expect(201);
    const claim = {
      incident_type: 'platformBan',
      occurred_at: new Date().toISOString(),
      description: 'My account was banned without reason',
      evidence_url: 'https://example.com/ban.png',
    };
    const early = await testApp.http().post('/api/growth/shield/claims').set(auth(user.token)).send(claim).expect(422);
    expect(early.body.code).toBe('NOT_COVERED');
    await testApp
      .http()
      .post('/api/growth/shield/claims')
      .set(auth(user.token))
      .send({ ...claim, evidence_url: 'not a url' })
      .expect(400);

    const shield = testApp.app.get(ShieldService);
    const start = Date.parse(subscribed.body.subscription.subscribed_at);
    const at = (ms: number) => new Date(start + ms).toISOString();
    // Algorithm changes are not covered by Basic; an incident 8 days ago is too late.
    await expect(
      shield.fileClaim(
        user.user.id,
        {
          incidentType: 'algorithmChange',
          occurredAt: at(2 * DAY),
          description: 'x',
          evidenceUrl: 'https://e.x',
          now: at(3 * DAY),
        },
        'real',
      ),
    ).rejects.toMatchObject({ code: 'NOT_COVERED' });
    await expect(
      shield.fileClaim(
        user.user.id,
        {
          incidentType: 'platformBan',
          occurredAt: at(2 * DAY),
          description: 'x',
          evidenceUrl: 'https://e.x',
          now: at(10 * DAY + 1),
        },
        'real',
      ),
    ).rejects.toMatchObject({ code: 'CLAIM_TOO_LATE' });
    const filed = await shield.fileClaim(
      user.user.id,
      {
        incidentType: 'platformBan',
        occurredAt: at(2 * DAY),
        description: 'Banned',
        evidenceUrl: 'https://e.x',
        now: at(3 * DAY),
      },
      'real',
    );
    expect(filed.claim).toMatchObject({ status: 'pending', payout_amount: 450 });
    await expect(
      shield.fileClaim(
        user.user.id,
        {
          incidentType: 'contentStrike',
          occurredAt: at(4 * DAY),
          description: 'x',
          evidenceUrl: 'https://e.x',
          now: at(5 * DAY),
        },
        'real',
      ),
    ).rejects.toMatchObject({ code: 'CLAIM_PENDING' });

    await testApp.http().get('/api/admin/growth/shield/claims').set(auth(user.token)).expect(403);
    const pending = await waitFor(
      () => testApp.http().get('/api/admin/growth/shield/claims?status=pending').set(auth(admin.token)),
      (response) => response.body.some((row: { id: string }) => row.id === filed.claim!.id),
    );
    expect(pending.body.map((row: { id: string }) => row.id)).toContain(filed.claim!.id);
    const decide = (body: Record<string, unknown>) =>
      testApp
        .http()
        .post(`/api/admin/growth/shield/claims/${filed.claim!.id}/decision`)
        .set(auth(admin.token))
        .send(body);
    // Two premiums (58 gems) cannot cover 450: the pool bounds the payout.
    expect((await decide({ decision: 'approve' }).expect(422)).body.code).toBe('POOL_TOO_SMALL');
    // More premiums arrive in the real pool.
    for (let index = 0; index < 15; index += 1) {
      const payer = await givenUser(testApp);
      await givenVerifiedFollowers(testApp, payer, admin, 1000);
      await givenFunds(testApp, payer.user.id, 'gems', '29');
      await subscribe(payer, 'basic').expect(201);
    }
    const before = (await balancesOf(testApp, user)).gems_balance;
    const approved = await decide({ decision: 'approve' }).expect(200);
    expect(approved.body.claim).toMatchObject({ status: 'approved', payout_amount: 450 });
    expect((await balancesOf(testApp, user)).gems_balance).toBe(before + 450);
    expect((await decide({ decision: 'reject' }).expect(409)).body.code).toBe('CLAIM_ALREADY_DECIDED');
    const mine = await testApp.http().get('/api/growth/shield/subscription').set(auth(user.token)).expect(200);
    expect(mine.body.claims[0]).toMatchObject({ status: 'approved' });
    const economy = await waitFor(
      () => testApp.http().get('/api/growth/economy').set(auth(user.token)),
      (response) => response.body.claims_paid >= 450,
    );
    expect(economy.body.premiums_collected).toBeGreaterThanOrEqual(17 * 29);
    await expectLedgerVerified(testApp);
  });
});
