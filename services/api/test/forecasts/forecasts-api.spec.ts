import {
  PredictionDetailSchema,
  PredictionSchema,
  PredictionsResponseSchema,
  SocialForecastSchema,
  SocialForecastsResponseSchema,
} from '@app/contracts/forecasts';
import { CommandBus } from '@nestjs/cqrs';
import { ArchiveSandboxCommand } from '@app/contracts/ledger';
import { ForecastSettlement } from '../../src/modules/forecasts/settle-forecasts/forecast-settlement';
import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  expectLedgerVerifiesClean,
  forecastBody,
  forecastVerbs,
  givenContent,
  givenFunds,
  givenUser,
  inMilliseconds,
  sleep,
  startForecastsApp,
  usdOf,
  waitFor,
} from './support';

/** Social forecasts over HTTP against PostgreSQL and Redis-less jobs, with the real ledger, content and engagement. */
describe('social forecasts API', () => {
  let testApp: IdentityTestApp;
  const verbs = forecastVerbs(() => testApp);

  beforeAll(async () => {
    testApp = await startForecastsApp();
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('creates a forecast with the creator stake escrowed and lists it everywhere it belongs', async () => {
    const creator = await givenUser(testApp);
    await givenFunds(testApp, creator.user.id, 'usd', '25');
    const created = await verbs
      .create(creator, forecastBody({ initial_amount: '10.50', odds: '2.5', initial_side: 'under' }))
      .expect(201);
    expect(created.body).toMatchObject({
      status: 'active',
      odds: 2.5,
      pool_size: 10.5,
      creator_side: 'under',
      creator_initial_amount: 10.5,
      total_under_amount: 10.5,
      total_over_amount: 0,
      under_count: 1,
      participant_count: 1,
      current_value: null,
      creator_id: creator.user.id,
    });
    expect(await usdOf(testApp, creator)).toBeCloseTo(14.5, 6);
    // The answers are the contracts' shapes (the screens parse them with the same schemas).
    SocialForecastSchema.parse(created.body);
    const listed = await verbs.list(creator).expect(200);
    SocialForecastsResponseSchema.parse(listed.body);
    expect(listed.body.forecasts.map((forecast: { id: string }) => forecast.id)).toContain(created.body.id);
    expect((await verbs.created(creator).expect(200)).body.forecasts).toEqual([
      expect.objectContaining({ id: created.body.id }),
    ]);
    const mine = await verbs.mine(creator).expect(200);
    PredictionsResponseSchema.parse(mine.body);
    expect(mine.body.predictions).toEqual([
      expect.objectContaining({
        forecast_id: created.body.id,
        prediction_side: 'under',
        amount: 10.5,
        potential_payout: 26.25,
        actual_payout: null,
        is_creator_stake: true,
        result: 'pending',
      }),
    ]);
  });

  it('refuses bad forecasts with a 4xx and moves nothing', async () => {
    const creator = await givenUser(testApp);
    await givenFunds(testApp, creator.user.id, 'usd', '5');
    const cases: Array<[Record<string, unknown>, number]> = [
      [forecastBody({ content_url: '' }), 400],
      [forecastBody({ odds: 7 }), 400],
      [forecastBody({ target_value: 0 }), 400],
      [forecastBody({ target_value: 10.5 }), 400],
      [forecastBody({ forecast_type: 'followers' }), 400],
      [forecastBody({ initial_amount: 0.5 }), 400],
      [forecastBody({ initial_amount: '1.00001' }), 400],
      [forecastBody({ initial_side: 'sideways' }), 400],
      [forecastBody({ expires_at: 'tomorrow' }), 400],
      [forecastBody({ expires_at: inMilliseconds(-60_000) }), 422],
      [forecastBody({ initial_amount: 6 }), 422],
      [forecastBody({ content_id: '00000000-0000-4000-8000-000000000000' }), 404],
      [forecastBody({ content_url: 'x\u0000y' }), 400],
    ];
    for (const [body, status] of cases) {
      const response = await verbs.create(creator, body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect((await verbs.create(creator, forecastBody({ initial_amount: 6 }))).body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      error: 'Insufficient USD balance',
    });
    expect(await usdOf(testApp, creator)).toBe(5);
    expect((await verbs.created(creator).expect(200)).body.forecasts).toEqual([]);
  });

  it('takes predictions, refuses bad ones, and answers an Idempotency-Key replay without a second stake', async () => {
    const creator = await givenUser(testApp);
    const predictor = await givenUser(testApp);
    await givenFunds(testApp, creator.user.id, 'usd', '10');
    await givenFunds(testApp, predictor.user.id, 'usd', '30');
    const forecast = (await verbs.create(creator).expect(201)).body;

    const placed = await testApp
      .http()
      .post(`/api/social-forecasts/${forecast.id}/predict`)
      .set(auth(predictor.token))
      .set('Idempotency-Key', 'p-1')
      .send({ prediction_amount: 12.25, prediction_side: 'under' })
      .expect(201);
    expect(placed.body).toMatchObject({
      forecast_id: forecast.id,
      prediction_side: 'under',
      amount: 12.25,
      potential_payout: 24.5,
      forecast_status: 'active',
      status: 'active',
      result: 'pending',
    });
    PredictionSchema.parse(placed.body);
    const replay = await testApp
      .http()
      .post(`/api/social-forecasts/${forecast.id}/predict`)
      .set(auth(predictor.token))
      .set('Idempotency-Key', 'p-1')
      .send({ prediction_amount: 12.25, prediction_side: 'under' })
      .expect(201);
    expect(replay.body.id).toBe(placed.body.id);
    expect(await usdOf(testApp, predictor)).toBeCloseTo(17.75, 6);

    await verbs.predict(predictor, forecast.id, 0.99).expect(400);
    await verbs.predict(predictor, forecast.id, 5, 'maybe').expect(400);
    await verbs.predict(predictor, forecast.id, 'lots').expect(400);
    expect((await verbs.predict(predictor, forecast.id, 18).expect(422)).body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await verbs.predict(predictor, '00000000-0000-4000-8000-000000000000', 5).expect(404)).body.code).toBe(
      'FORECAST_NOT_FOUND',
    );
    await verbs.predict(predictor, 'not-an-id', 5).expect(404);
    expect(await usdOf(testApp, predictor)).toBeCloseTo(17.75, 6);

    const after = (await verbs.list(predictor).expect(200)).body.forecasts.find(
      (row: { id: string }) => row.id === forecast.id,
    );
    expect(after).toMatchObject({
      pool_size: 22.25,
      total_over_amount: 10,
      total_under_amount: 12.25,
      participant_count: 2,
    });
    expect((await verbs.portfolio(creator, predictor.user.id).expect(200)).body.predictions).toEqual([
      expect.objectContaining({ id: placed.body.id }),
    ]);
  });

  it('two parallel predictions exceeding the balance: one is refused, the balance never goes below zero', async () => {
    const creator = await givenUser(testApp);
    const predictor = await givenUser(testApp);
    await givenFunds(testApp, creator.user.id, 'usd', '10');
    await givenFunds(testApp, predictor.user.id, 'usd', '10');
    const forecast = (await verbs.create(creator).expect(201)).body;
    const results = await Promise.all([
      verbs.predict(predictor, forecast.id, 6),
      verbs.predict(predictor, forecast.id, 6, 'under'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 422]);
    expect(await usdOf(testApp, predictor)).toBeCloseTo(4, 6);
    expect((await verbs.mine(predictor).expect(200)).body.predictions).toHaveLength(1);
  });

  it('closes at expiry, settles on the oracle observation (over wins at exactly the target), pays once, and shows the detail', async () => {
    const admin = await givenUser(testApp, { admin: true });
    const creator = await givenUser(testApp);
    const winner = await givenUser(testApp);
    const loser = await givenUser(testApp);
    await givenFunds(testApp, creator.user.id, 'usd', '10');
    await givenFunds(testApp, winner.user.id, 'usd', '20');
    await givenFunds(testApp, loser.user.id, 'usd', '30');
    const forecast = (
      await verbs.create(creator, forecastBody({ expires_at: inMilliseconds(2_500), target_value: 500 })).expect(201)
    ).body;
    const won = (await verbs.predict(winner, forecast.id, 20, 'over').expect(201)).body;
    const lost = (await verbs.predict(loser, forecast.id, 30, 'under').expect(201)).body;
    // Only admins are the oracle; an observation cannot be in the future.
    await verbs.observe(creator, forecast.id, { value: 100 }).expect(403);
    await verbs.observe(admin, forecast.id, { value: -1 }).expect(400);
    await verbs.observe(admin, forecast.id, { value: 1.5 }).expect(400);
    await verbs.observe(admin, forecast.id, { value: 1, observed_at: 'yesterday' }).expect(400);
    expect(
      (await verbs.observe(admin, '00000000-0000-4000-8000-000000000000', { value: 1 }).expect(404)).body.code,
    ).toBe('FORECAST_NOT_FOUND');
    await verbs.observe(admin, 'nope', { value: 1 }).expect(404);
    await verbs.list(admin, '?status=bogus').expect(400);
    expect(
      (await verbs.observe(admin, forecast.id, { value: 100, observed_at: inMilliseconds(60_000) }).expect(422)).body
        .code,
    ).toBe('OBSERVATION_IN_FUTURE');
    expect((await verbs.observe(admin, forecast.id, { value: 200 }).expect(201)).body).toMatchObject({
      current_value: 200,
      status: 'active',
    });
    await sleep(2_600);
    expect((await verbs.predict(winner, forecast.id, 1).expect(409)).body.code).toBe('FORECAST_EXPIRED');
    // Expired, no observation at or after expiry yet: the forecast waits for one.
    const settlement = testApp.app.get(ForecastSettlement);
    expect(await settlement.settle(forecast.id)).toBe('awaiting_observation');
    expect((await verbs.list(admin, '?status=expired').expect(200)).body.forecasts).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: forecast.id, status: 'expired' })]),
    );

    // Pool 60; over is owed (10 + 20) × 2 = 60: both over stakes are paid in full, nothing is left.
    await verbs.observe(admin, forecast.id, { value: 500 }).expect(201);
    const resolved = await waitFor(
      () => verbs.detail(winner, won.id),
      (response) => response.body.forecast?.status === 'resolved',
    );
    PredictionDetailSchema.parse(resolved.body);
    expect(resolved.body.prediction).toMatchObject({
      status: 'settled',
      result: 'won',
      actual_payout: 40,
      forecast_status: 'resolved',
    });
    expect(resolved.body.forecast).toMatchObject({
      resolved_value: 500,
      winning_side: 'over',
      metric: 'views',
      target: 500,
      current_value: 500,
    });
    expect(resolved.body.trajectory.map((point: { actual: number }) => point.actual)).toEqual([200, 500]);
    expect(resolved.body.participants).toHaveLength(3);
    expect((await verbs.detail(loser, lost.id).expect(200)).body.prediction).toMatchObject({
      result: 'lost',
      actual_payout: 0,
    });
    expect(await usdOf(testApp, winner)).toBeCloseTo(40, 6);
    expect(await usdOf(testApp, creator)).toBeCloseTo(20, 6);
    expect(await usdOf(testApp, loser)).toBeCloseTo(0, 6);

    // Settling again (a retried job, the sweep) pays nothing twice; the oracle is closed.
    expect(await settlement.settle(forecast.id)).toBe('already_settled');
    expect(await settlement.settleDue()).toBe(0);
    expect((await verbs.observe(admin, forecast.id, { value: 900 }).expect(409)).body.code).toBe('FORECAST_RESOLVED');
    expect(await usdOf(testApp, winner)).toBeCloseTo(40, 6);
    expect(await usdOf(testApp, creator)).toBeCloseTo(20, 6);
    await verbs.detail(winner, '00000000-0000-4000-8000-000000000000').expect(404);
    expect((await verbs.detail(winner, 'nope').expect(404)).body.error).toBe('Prediction not found.');
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('pays pro rata when the pool is short, never more than it holds; settling in parallel pays once', async () => {
    const admin = await givenUser(testApp, { admin: true });
    const creator = await givenUser(testApp);
    const a = await givenUser(testApp);
    const b = await givenUser(testApp);
    for (const user of [creator, a, b]) await givenFunds(testApp, user.user.id, 'usd', '10');
    // Odds 5: over owes (3 + 3) × 5 = 30 against a pool of 3 + 3 + 1 = 7: each over stake gets 3.5.
    const forecast = (
      await verbs
        .create(
          creator,
          forecastBody({ expires_at: inMilliseconds(2_000), odds: 5, initial_amount: 3, target_value: 10 }),
        )
        .expect(201)
    ).body;
    await verbs.predict(a, forecast.id, 3, 'over').expect(201);
    await verbs.predict(b, forecast.id, 1, 'under').expect(201);
    await sleep(2_100);
    await verbs.observe(admin, forecast.id, { value: 11 }).expect(201);
    const settlement = testApp.app.get(ForecastSettlement);
    const outcomes = await Promise.all([
      settlement.settle(forecast.id),
      settlement.settle(forecast.id),
      settlement.settleDue(),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'settled').length).toBeLessThanOrEqual(1);
    await waitFor(
      () => verbs.mine(a),
      (response) => response.body.predictions[0]?.result !== 'pending',
    );
    expect(await usdOf(testApp, creator)).toBeCloseTo(10.5, 6);
    expect(await usdOf(testApp, a)).toBeCloseTo(10.5, 6);
    expect(await usdOf(testApp, b)).toBeCloseTo(9, 6);
    const mine = (await verbs.mine(a).expect(200)).body.predictions[0];
    expect(mine).toMatchObject({ result: 'won', actual_payout: 3.5, potential_payout: 15 });
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('observes content of this platform from its real metrics (the oracle is refused) and settles it', async () => {
    const admin = await givenUser(testApp, { admin: true });
    const creator = await givenUser(testApp);
    const fan = await givenUser(testApp);
    await givenFunds(testApp, creator.user.id, 'usd', '10');
    await givenFunds(testApp, fan.user.id, 'usd', '5');
    const contentId = await givenContent(testApp, creator);
    const forecast = (
      await verbs
        .create(
          creator,
          forecastBody({
            content_id: contentId,
            forecast_type: 'likes',
            target_value: 1,
            initial_side: 'over',
            expires_at: inMilliseconds(3_000),
          }),
        )
        .expect(201)
    ).body;
    expect(forecast).toMatchObject({ content_id: contentId, content_title: 'Morning routine', platform: 'tiktok' });
    await verbs.predict(fan, forecast.id, 5, 'under').expect(201);
    expect((await verbs.observe(admin, forecast.id, { value: 3 }).expect(422)).body.code).toBe('OBSERVED_ON_PLATFORM');
    await testApp
      .http()
      .post('/api/users/social-action')
      .set(auth(fan.token))
      .send({ action_type: 'like', reference_id: contentId, reference_type: 'content' })
      .expect(200);
    await waitFor(
      () => testApp.http().get(`/api/content/${contentId}`).set(auth(fan.token)),
      (response) => response.body.likes_count === 1,
    );
    const settlement = testApp.app.get(ForecastSettlement);
    expect(await settlement.observeOnPlatform()).toBe(1);
    await sleep(3_000);
    // The job queued for the expiry observes and settles it; the sweep would too (whichever comes first).
    const settled = (
      await waitFor(
        async () => {
          await settlement.settleDue();
          return verbs.created(creator);
        },
        (response) => response.body.forecasts[0]?.status === 'resolved',
      )
    ).body.forecasts[0];
    expect(settled).toMatchObject({ status: 'resolved', resolved_value: 1, winning_side: 'over', current_value: 1 });
    // Over is owed 10 × 2 = 20 from a pool of 15: the creator, the only winner, gets the whole pool.
    expect(await usdOf(testApp, creator)).toBeCloseTo(15, 6);
    expect(await usdOf(testApp, fan)).toBeCloseTo(0, 6);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('keeps demo sandboxes and real accounts apart, and settles around a winner whose sandbox was archived (the payout stays in escrow)', async () => {
    const admin = await givenUser(testApp, { admin: true });
    const real = await givenUser(testApp);
    await givenFunds(testApp, real.user.id, 'usd', '20');
    const demo = async () =>
      (await testApp.http().post('/api/auth/demo/investor').expect(200)).body as {
        token: string;
        user: { id: string };
      };
    const [creator, winner, loser] = [await demo(), await demo(), await demo()];
    const creatorStart = await usdOf(testApp, creator as never);
    const shared = (
      await verbs
        .create(creator as never, forecastBody({ expires_at: inMilliseconds(2_500), target_value: 10 }))
        .expect(201)
    ).body;
    const alone = (
      await verbs
        .create(
          winner as never,
          forecastBody({ expires_at: inMilliseconds(2_500), target_value: 10, initial_amount: 5 }),
        )
        .expect(201)
    ).body;
    const realForecast = (await verbs.create(real).expect(201)).body;
    expect((await verbs.predict(real, shared.id, 5).expect(403)).body.code).toBe('DEMO_ACCOUNT_ISOLATION');
    expect((await verbs.predict(loser as never, realForecast.id, 5).expect(403)).body.code).toBe(
      'DEMO_ACCOUNT_ISOLATION',
    );
    await verbs.predict(winner as never, shared.id, 10, 'over').expect(201);
    await verbs.predict(loser as never, shared.id, 30, 'under').expect(201);
    const winnerBefore = await usdOf(testApp, winner as never);
    await testApp.app.get(CommandBus).execute(new ArchiveSandboxCommand(winner.user.id));
    await sleep(2_600);
    await verbs.observe(admin, shared.id, { value: 10 }).expect(201);
    await verbs.observe(admin, alone.id, { value: 10 }).expect(201);
    const settlement = testApp.app.get(ForecastSettlement);
    await waitFor(
      async () => {
        await settlement.settleDue();
        return verbs.list(admin, '?status=resolved');
      },
      (response) =>
        [shared.id, alone.id].every((id) =>
          response.body.forecasts.some((forecast: { id: string }) => forecast.id === id),
        ),
    );
    // Shared: pool 50, over owed (10 + 10) × 2 = 40: the creator gets 20, the archived winner's 20 stays in escrow, 10 to fees.
    expect(await usdOf(testApp, creator as never)).toBeCloseTo(creatorStart + 10, 6);
    expect(await usdOf(testApp, winner as never)).toBeCloseTo(winnerBefore, 6);
    // Alone: its only winner is archived: nothing moves, the forecast still settles.
    expect(await settlement.settle(alone.id)).toBe('already_settled');
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);
});
