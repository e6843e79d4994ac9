import { StakingService } from '../../src/modules/growth/stake-gems/staking.service';
import type { IdentityTestApp } from '../identity/support';
import {
  DAY,
  auth,
  balancesOf,
  expectLedgerVerified,
  givenFunds,
  givenUser,
  jobsOf,
  later,
  startGrowthApp,
  waitFor,
} from './support';

jest.setTimeout(120_000);

/** Staking channels, positions, the daily accrual job (with a controllable clock) and withdrawal after the lock. */
describe('growth staking API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startGrowthApp();
  });
  afterAll(() => testApp.close());

  it('documents every growth route in the OpenAPI document', async () => {
    const document = await testApp.http().get('/api/docs-json').expect(200);
    for (const [method, path] of [
      ['get', '/api/growth/channels'],
      ['get', '/api/growth/staking'],
      ['post', '/api/growth/staking'],
      ['post', '/api/growth/staking/{id}/withdraw'],
      ['get', '/api/growth/funding/projects'],
      ['post', '/api/growth/funding/projects'],
      ['post', '/api/growth/funding/projects/{id}/pledge'],
      ['get', '/api/growth/funding/pledges'],
      ['get', '/api/growth/shield/policies'],
      ['get', '/api/growth/shield/subscription'],
      ['post', '/api/growth/shield/subscribe'],
      ['post', '/api/growth/shield/subscriptions/{id}/cancel'],
      ['post', '/api/growth/shield/claims'],
      ['get', '/api/admin/growth/shield/claims'],
      ['post', '/api/admin/growth/shield/claims/{id}/decision'],
      ['get', '/api/growth/economy'],
    ]) {
      expect({ method, path, documented: document.body.paths[path]?.[method] !== undefined }).toEqual({
        method,
        path,
        documented: true,
      });
    }
  });

  it('answers 401 without a session', async () => {
    await testApp.http().get('/api/growth/channels').expect(401);
    await testApp.http().post('/api/growth/staking').send({ channel_id: 'steady-growth', amount: 100 }).expect(401);
  });

  it('lists the configured channels with expected APR and live participant_count / total_deposited', async () => {
    const user = await givenUser(testApp);
    const before = await testApp.http().get('/api/growth/channels').set(auth(user.token)).expect(200);
    const steady = before.body.find((channel: { id: string }) => channel.id === 'steady-growth');
    expect(steady).toMatchObject({
      name: 'Steady Growth',
      lock_period_days: 30,
      base_multiplier: 1.01,
      min_amount: 50,
      max_amount: 5000,
      color: 'green',
      risk_level: 'low',
      expected_apr: 12.17,
    });
    await givenFunds(testApp, user.user.id, 'gems', '300');
    await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .send({ channel_id: 'steady-growth', amount: 100 })
      .expect(201);
    const after = await waitFor(
      () => testApp.http().get('/api/growth/channels').set(auth(user.token)),
      (response) =>
        response.body.find((channel: { id: string }) => channel.id === 'steady-growth').participant_count >
        steady.participant_count,
    );
    const updated = after.body.find((channel: { id: string }) => channel.id === 'steady-growth');
    expect(updated.participant_count).toBe(steady.participant_count + 1);
    expect(updated.total_deposited).toBe(steady.total_deposited + 100);
  });

  it("refuses amounts outside the channel's limits, unknown channels and more than the balance, changing nothing", async () => {
    const user = await givenUser(testApp);
    await givenFunds(testApp, user.user.id, 'gems', '120');
    const before = await balancesOf(testApp, user);
    const low = await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .send({ channel_id: 'steady-growth', amount: 49.99 })
      .expect(422);
    expect(low.body).toMatchObject({
      code: 'STAKE_OUT_OF_BOUNDS',
      error: 'The minimum stake for this channel is 50 gems',
    });
    const high = await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .send({ channel_id: 'steady-growth', amount: 5000.01 })
      .expect(422);
    expect(high.body.error).toBe('The maximum stake for this channel is 5000 gems');
    await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .send({ channel_id: 'nope', amount: 100 })
      .expect(404);
    const poor = await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .send({ channel_id: 'creator-boost', amount: 121 })
      .expect(422);
    expect(poor.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', error: 'Insufficient gems' });
    await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .send({ channel_id: 'steady-growth', amount: -5 })
      .expect(400);
    expect((await balancesOf(testApp, user)).gems_balance).toBe(before.gems_balance);
    expect((await testApp.http().get('/api/growth/staking').set(auth(user.token)).expect(200)).body).toEqual([]);
  });

  it('moves the stake into escrow, accrues each day once (catching up missed days), refuses withdrawal before the lock, then returns stake plus rewards', async () => {
    const user = await givenUser(testApp);
    await givenFunds(testApp, user.user.id, 'gems', '1000');
    const staked = await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .set('Idempotency-Key', 'stake-1')
      .send({ channel_id: 'steady-growth', amount: 1000 })
      .expect(201);
    const replay = await testApp
      .http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .set('Idempotency-Key', 'stake-1')
      .send({ channel_id: 'steady-growth', amount: 1000 })
      .expect(201);
    expect(replay.body.position.id).toBe(staked.body.position.id);
    const position = staked.body.position;
    // 1000 × (1.01 − 1) = 10 gems over 30 days: 0.3333 a day.
    expect(position).toMatchObject({
      amount: 1000,
      multiplier: 1.01,
      earned_so_far: 0,
      projected_total_reward: 10,
      daily_reward: 0.3333,
      status: 'active',
    });
    expect((await balancesOf(testApp, user)).gems_balance).toBe(0);

    const jobs = jobsOf(testApp);
    await jobs.accrueStakes(later(DAY + 60_000));
    await jobs.accrueStakes(later(DAY + 120_000)); // a retried day pays once
    let positions = await testApp.http().get('/api/growth/staking').set(auth(user.token)).expect(200);
    expect(positions.body[0].earned_so_far).toBe(0.3333);
    await jobs.accrueStakes(later(4 * DAY + 60_000)); // days 2-4 missed, caught up at once
    positions = await testApp.http().get('/api/growth/staking').set(auth(user.token)).expect(200);
    expect(positions.body[0].earned_so_far).toBe(1.3333);

    const locked = await testApp
      .http()
      .post(`/api/growth/staking/${position.id}/withdraw`)
      .set(auth(user.token))
      .expect(409);
    expect(locked.body.code).toBe('STAKE_LOCKED');
    expect(locked.body.error).toMatch(/locked until/);
    await testApp.http().post('/api/growth/staking/not-a-position/withdraw').set(auth(user.token)).expect(404);

    // After the lock (clock moved), the remaining days are accrued and everything returns.
    const withdrawn = await testApp.app
      .get(StakingService)
      .withdraw(user.user.id, position.id, later(31 * DAY).toISOString());
    expect(withdrawn.position).toMatchObject({ status: 'withdrawn', earned_so_far: 10 });
    expect((await balancesOf(testApp, user)).gems_balance).toBe(1010);
    await expect(
      testApp.app.get(StakingService).withdraw(user.user.id, position.id, later(32 * DAY).toISOString()),
    ).rejects.toMatchObject({ code: 'ALREADY_WITHDRAWN' });
    await jobs.accrueStakes(later(40 * DAY));
    expect((await balancesOf(testApp, user)).gems_balance).toBe(1010);
    expect((await testApp.http().get('/api/growth/staking').set(auth(user.token)).expect(200)).body).toEqual([]);

    const economy = await waitFor(
      () => testApp.http().get('/api/growth/economy').set(auth(user.token)),
      (response) => response.status === 200 && response.body.staking_rewards_accrued >= 10,
    );
    expect(
      economy.body.issued.find((row: { currency: string }) => row.currency === 'gems').amount,
    ).toBeGreaterThanOrEqual(10);
    await expectLedgerVerified(testApp);
  });
});
