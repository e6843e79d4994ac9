import { ADVERTISER_PLANS } from '@app/contracts/subscriptions';
import { CommandBus } from '@nestjs/cqrs';
import { CreditMovesAllowanceCommand } from '@app/contracts/subscriptions';
import { AllowanceJob } from '../../src/modules/subscriptions/infrastructure/allowance.job';
import { PeriodEndJob } from '../../src/modules/subscriptions/infrastructure/period-end.job';
import { signUp, type IdentityTestApp } from '../identity/support';
import { givenAdmin, signedLocalWebhook, verifyLedger } from '../payments/support';
import { auth, eventually, givenAdvertiser, me, notificationsWhen, payForm, startSubscriptionsApp } from './support';

jest.setTimeout(120_000);

describe('advertiser plans, upgrades through checkout, renewal and moves', () => {
  let testApp: IdentityTestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    testApp = await startSubscriptionsApp();
    admin = await givenAdmin(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });
  afterEach(async () => {
    const report = await verifyLedger(testApp, admin.token);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
  });

  const plans = async (token: string) =>
    (await testApp.http().get('/advertisers/subscription/plans').set(auth(token)).expect(200)).body;
  const upgrade = (token: string, body: unknown) =>
    testApp
      .http()
      .post('/advertisers/subscription/upgrade')
      .set(auth(token))
      .send(body as object);

  it('lists the plans sorted by price with the caller’s tier, without the /api prefix', async () => {
    const advertiser = await givenAdvertiser(testApp);
    const body = await plans(advertiser.token);
    expect(body.status).toBe('success');
    expect(body.data.plans.map((plan: { id: string; price: number }) => [plan.id, plan.price])).toEqual([
      ['free', 0],
      ['premium', 49],
      ['super', 149],
    ]);
    expect(body.data.plans).toHaveLength(ADVERTISER_PLANS.length);
    expect(body.data.current_tier).toBe('free');
    expect(body.data.subscription).toEqual({ tier: 'free', paid_through: null, cancel_at_period_end: false });
    await testApp.http().get('/advertisers/subscription/plans').expect(401);
    await testApp.http().get('/api/advertisers/subscription/plans').set(auth(advertiser.token)).expect(404);
  });

  it('refuses bad input and non-advertisers, and changes nothing', async () => {
    const regular = await signUp(testApp);
    expect((await upgrade(regular.token, { planId: 'premium' }).expect(403)).body.code).toBe('ADVERTISER_ONLY');
    const advertiser = await givenAdvertiser(testApp);
    expect((await upgrade(advertiser.token, { planId: 'gold' }).expect(400)).body.code).toBe('UNKNOWN_PLAN');
    expect((await upgrade(advertiser.token, {}).expect(400)).body.code).toBeDefined();
    expect((await upgrade(advertiser.token, { planId: 'free' }).expect(409)).body.code).toBe('ALREADY_ON_PLAN');
    expect(
      (await upgrade(advertiser.token, { planId: 'premium', success_url: 'https://evil.example/steal' }).expect(400))
        .body.code,
    ).toBe('INVALID_RETURN_URL');
    expect(
      (await testApp.http().post('/advertisers/subscription/cancel').set(auth(advertiser.token)).expect(409)).body.code,
    ).toBe('NOT_SUBSCRIBED');
    expect((await me(testApp, advertiser.token)).user_tier).toBe('free');
  });

  it('upgrades through the checkout: the tier changes once the payment webhook confirms, once whatever the replays', async () => {
    const advertiser = await givenAdvertiser(testApp);
    const answer = (await upgrade(advertiser.token, { planId: 'premium', price: 0.01 }).expect(200)).body;
    expect(answer.status).toBe('success');
    expect(answer.data.plan.id).toBe('premium');
    const checkout = answer.data.checkout;
    expect(checkout).toMatchObject({ provider: 'local', status: 'open' });
    expect(checkout.url).toBe(`/api/payments/local/sessions/${checkout.session_id}`);
    // Not paid yet: nothing changed.
    expect((await me(testApp, advertiser.token)).user_tier).toBe('free');
    const page = await testApp.http().get(checkout.url).expect(200);
    expect(page.text).toContain('$49.00');

    const paid = await testApp.http().post(`${checkout.url}/pay`).type('form').send(payForm).expect(200);
    expect(paid.text).toContain('Payment complete');
    expect(paid.text).toContain('/plans?plan=upgraded&#38;to=premium');
    const after = await eventually(
      () => me(testApp, advertiser.token),
      (user) => user.user_tier === 'premium',
    );
    expect(after.user_tier).toBe('premium');
    const first = (await plans(advertiser.token)).data;
    expect(first.current_tier).toBe('premium');
    expect(first.subscription.tier).toBe('premium');
    const paidThrough = Date.parse(first.subscription.paid_through);
    expect(paidThrough - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    // The provider delivers the payment again (another event id, 20 in parallel): the period is applied once.
    const { raw, signature } = signedLocalWebhook(testApp, {
      id: 'evt_plan_replay',
      type: 'checkout.session.completed',
      data: { session_id: checkout.session_id, payment_reference: 'pay_x', amount_cents: 4900 },
    });
    const replays = await Promise.all(
      Array.from({ length: 20 }, () =>
        testApp
          .http()
          .post('/api/payments/webhooks/local')
          .set('content-type', 'application/json')
          .set('x-local-signature', signature)
          .send(raw),
      ),
    );
    expect(replays.map((reply) => reply.body.outcome)).toEqual(Array(20).fill('duplicate'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await plans(advertiser.token)).data.subscription.paid_through).toBe(first.subscription.paid_through);
    // A paid plan credits no currency: the moves allowance comes on first use (the premium week's 200).
    expect((await me(testApp, advertiser.token)).moves_balance).toBe(0);
    const moves = (await testApp.http().get('/api/subscriptions/moves').set(auth(advertiser.token)).expect(200)).body
      .data;
    expect(moves.allowance).toMatchObject({ tier: 'premium', period: 'week', moves: 200, credited: true });
    expect(moves.moves_balance).toBe(200);

    expect(
      await notificationsWhen(testApp, advertiser.token, (messages) =>
        messages.includes('Your premium plan payment was received'),
      ),
    ).toContain('Your premium plan payment was received');
    // Same plan again while it runs and is not cancelled: already on it.
    expect((await upgrade(advertiser.token, { planId: 'premium' }).expect(409)).body.code).toBe('ALREADY_ON_PLAN');
  });

  it('choosing free cancels at period end; the renewal job downgrades once when the period ends', async () => {
    const advertiser = await givenAdvertiser(testApp);
    const checkout = (await upgrade(advertiser.token, { planId: 'super' }).expect(200)).body.data.checkout;
    await testApp.http().post(`${checkout.url}/pay`).type('form').send(payForm).expect(200);
    await eventually(
      () => me(testApp, advertiser.token),
      (user) => user.user_tier === 'super',
    );

    const cancelled = (await upgrade(advertiser.token, { planId: 'free' }).expect(200)).body;
    expect(cancelled.data.checkout).toBeNull();
    expect(cancelled.data.subscription).toMatchObject({ tier: 'super', cancel_at_period_end: true });
    expect(
      (await testApp.http().post('/advertisers/subscription/cancel').set(auth(advertiser.token)).expect(409)).body.code,
    ).toBe('ALREADY_CANCELLED');
    // Still super until the period ends.
    const job = testApp.app.get(PeriodEndJob);
    await job.run(new Date());
    expect((await me(testApp, advertiser.token)).user_tier).toBe('super');

    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    expect(await job.run(later)).toBeGreaterThanOrEqual(1);
    expect(await job.run(later)).toBe(0);
    const downgraded = await eventually(
      () => me(testApp, advertiser.token),
      (user) => user.user_tier === 'free',
    );
    expect(downgraded.user_tier).toBe('free');
  });

  it('a refunded plan payment ends the plan at once (nothing to reverse in the ledger), once', async () => {
    const advertiser = await givenAdvertiser(testApp);
    const checkout = (await upgrade(advertiser.token, { planId: 'premium' }).expect(200)).body.data.checkout;
    await testApp.http().post(`${checkout.url}/pay`).type('form').send(payForm).expect(200);
    await eventually(
      () => me(testApp, advertiser.token),
      (user) => user.user_tier === 'premium',
    );
    await eventually(
      () => plans(advertiser.token),
      (body) => body.data.subscription.tier === 'premium',
    );
    const refunded = await testApp
      .http()
      .post(`/api/admin/payments/sessions/${checkout.session_id}/refund`)
      .set(auth(admin.token))
      .expect(200);
    expect(refunded.body.session).toMatchObject({ status: 'refunded', kind: 'plan' });
    await testApp
      .http()
      .post(`/api/admin/payments/sessions/${checkout.session_id}/refund`)
      .set(auth(admin.token))
      .expect(200);
    expect(
      (
        await eventually(
          () => me(testApp, advertiser.token),
          (user) => user.user_tier === 'free',
        )
      ).user_tier,
    ).toBe('free');
    expect((await plans(advertiser.token)).data.subscription).toEqual({
      tier: 'free',
      paid_through: null,
      cancel_at_period_end: false,
    });
  });

  it('credits the moves allowance of the tier once per period, and sells moves packages through checkout, credited once', async () => {
    const advertiser = await givenAdvertiser(testApp);
    const first = (await testApp.http().get('/api/subscriptions/moves').set(auth(advertiser.token)).expect(200)).body
      .data;
    expect(first.allowance).toMatchObject({ tier: 'free', period: 'month', moves: 50, credited: true });
    expect(first.moves_balance).toBe(50);
    const again = await Promise.all(
      Array.from({ length: 6 }, () =>
        testApp.http().get('/api/subscriptions/moves').set(auth(advertiser.token)).expect(200),
      ),
    );
    expect(again.map((reply) => reply.body.data.moves_balance)).toEqual(Array(6).fill(50));
    expect(first.packages.map((item: { id: string }) => item.id)).toEqual(['moves-100', 'moves-500', 'moves-1000']);

    const regular = await signUp(testApp);
    expect((await testApp.http().get('/api/subscriptions/moves').set(auth(regular.token)).expect(403)).body.code).toBe(
      'ADVERTISER_ONLY',
    );

    // When the next period begins, the hourly job credits it, once.
    const allowances = testApp.app.get(AllowanceJob);
    const nextMonth = new Date(Date.now() + 32 * 24 * 3600_000);
    expect(await allowances.creditAll(nextMonth)).toBeGreaterThanOrEqual(1);
    await allowances.creditAll(nextMonth);
    expect((await me(testApp, advertiser.token)).moves_balance).toBe(100);
    expect(
      await testApp.app.get(CommandBus).execute(new CreditMovesAllowanceCommand(advertiser.user.id, nextMonth)),
    ).toMatchObject({ credited: true, creditedNow: false, moves: 50 });

    const bought = (
      await testApp
        .http()
        .post('/api/payments/checkout')
        .set(auth(advertiser.token))
        .send({
          provider: 'local',
          plan_id: 'moves-100',
          success_url: '/plans/moves',
          cancel_url: '/plans/moves',
          metadata: { price: 0 },
        })
        .expect(200)
    ).body;
    expect(bought).toMatchObject({
      status: 'success',
      data: { provider: 'local', status: 'open', kind: 'moves', plan_id: 'moves-100', price: 10 },
    });
    expect(typeof bought.data.expiresAt).toBe('string');
    const paid = await testApp.http().post(`${bought.data.url}/pay`).type('form').send(payForm).expect(200);
    expect(paid.text).toContain(`/plans/moves?checkout=${bought.data.session_id}`);
    expect((await me(testApp, advertiser.token)).moves_balance).toBe(200);
    const replay = signedLocalWebhook(testApp, {
      id: 'evt_moves_replay',
      type: 'checkout.session.completed',
      data: { session_id: bought.data.session_id, payment_reference: 'p', amount_cents: 1000 },
    });
    await testApp
      .http()
      .post('/api/payments/webhooks/local')
      .set('content-type', 'application/json')
      .set('x-local-signature', replay.signature)
      .send(replay.raw)
      .expect(200);
    expect((await me(testApp, advertiser.token)).moves_balance).toBe(200);
    expect(
      await notificationsWhen(testApp, advertiser.token, (messages) =>
        messages.includes('100 moves added to your wallet'),
      ),
    ).toContain('100 moves added to your wallet');
  });

  it('POST /api/payments/checkout refuses free and unknown plans, non-advertisers and unknown providers', async () => {
    const advertiser = await givenAdvertiser(testApp);
    const checkout = (body: unknown, token = advertiser.token) =>
      testApp
        .http()
        .post('/api/payments/checkout')
        .set(auth(token))
        .send(body as object);
    expect((await checkout({ plan_id: 'free' }).expect(400)).body.code).toBe('FREE_PLAN_NEEDS_NO_CHECKOUT');
    expect((await checkout({ plan_id: 'platinum' }).expect(400)).body.code).toBe('UNKNOWN_PLAN');
    expect((await checkout({}).expect(400)).body.field_errors).toBeDefined();
    expect((await checkout({ plan_id: 'premium', provider: 'coinbase' }).expect(400)).body.code).toBeDefined();
    expect((await checkout({ plan_id: 'premium', provider: 'stripe' }).expect(404)).body.code).toBe(
      'PAYMENT_PROVIDER_NOT_ENABLED',
    );
    const regular = await signUp(testApp);
    expect((await checkout({ plan_id: 'premium' }, regular.token).expect(403)).body.code).toBe('ADVERTISER_ONLY');
    const ok = (await checkout({ plan_id: 'super' }).expect(200)).body.data;
    expect(ok).toMatchObject({ kind: 'plan', plan_id: 'super', price: 149, provider: 'local', status: 'open' });
  });
});
