import { CommandBus } from '@nestjs/cqrs';
import Stripe from 'stripe';
import { ChangeUserTypeCommand } from '../../src/modules/identity';
import { PaymentProviders } from '../../src/modules/payments';
import { signUp, type IdentityTestApp } from '../identity/support';
import { auth, givenAdmin, startPaymentsApp, verifyLedger } from '../payments/support';
import { eventually, me } from './support';

jest.setTimeout(120_000);

const WEBHOOK_SECRET = 'whsec_test_secret_for_plans';
const environment = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_51TestKeyNotReal',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51PublishableKeyNotReal',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  APP_PUBLIC_URL: 'https://app.example.test',
};

/** Plans and moves packages through the Stripe adapter (SDK-signed webhooks, an SDK HTTP client that answers locally). */
describe('advertiser plans and moves through Stripe', () => {
  let testApp: IdentityTestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  const requests: Array<{ url: string; body: string }> = [];
  const stripe = new Stripe(environment.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(async (input, init) => {
      const body = String(init?.body ?? '');
      requests.push({ url: String(input), body });
      const params = new URLSearchParams(body);
      const json = {
        id: `cs_test_${requests.length}`,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/cs_test_${requests.length}`,
        client_reference_id: params.get('client_reference_id'),
      };
      return new Response(JSON.stringify(json), {
        status: 200,
        headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
      });
    }),
  });

  beforeAll(async () => {
    testApp = await startPaymentsApp(environment);
    testApp.app.get(PaymentProviders).useStripeClient(stripe);
    admin = await givenAdmin(testApp);
  });
  afterAll(async () => {
    const report = await verifyLedger(testApp, admin.token);
    await testApp.close();
    expect(report.findings).toEqual([]);
  });

  const deliver = (id: string, sessionId: string, amount: number) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_x',
          object: 'checkout.session',
          client_reference_id: sessionId,
          metadata: { session_id: sessionId },
          payment_status: 'paid',
          amount_total: amount,
          payment_intent: 'pi_test_1',
        },
      },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return testApp
      .http()
      .post('/api/payments/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload);
  };

  it('charges the catalogue price of a plan and changes the tier once on the signed webhook', async () => {
    const advertiser = await signUp(testApp);
    await testApp.app.get(CommandBus).execute(new ChangeUserTypeCommand(advertiser.user.id, 'advertiser'));
    const answer = (
      await testApp
        .http()
        .post('/advertisers/subscription/upgrade')
        .set(auth(advertiser.token))
        .send({ planId: 'super', price: 1 })
        .expect(200)
    ).body;
    const checkout = answer.data.checkout;
    expect(checkout.provider).toBe('stripe');
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = new URLSearchParams(requests.at(-1)!.body);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('14900');
    expect(sent.get('success_url')).toBe(
      `https://app.example.test/plans?plan=upgraded&to=super&checkout=${checkout.session_id}&status=success`,
    );

    expect((await deliver('evt_plan_1', checkout.session_id, 14900).expect(200)).body.outcome).toBe('credited');
    expect((await deliver('evt_plan_1', checkout.session_id, 14900).expect(200)).body.outcome).toBe('duplicate');
    expect(
      (
        await eventually(
          () => me(testApp, advertiser.token),
          (user) => user.user_tier === 'super',
        )
      ).user_tier,
    ).toBe('super');
    expect((await me(testApp, advertiser.token)).moves_balance).toBe(0);

    // A moves package on the same port: its moves, once.
    const moves = (
      await testApp
        .http()
        .post('/api/payments/checkout')
        .set(auth(advertiser.token))
        .send({ plan_id: 'moves-1000', success_url: '/plans/moves', cancel_url: '/plans/moves' })
        .expect(200)
    ).body.data;
    expect(new URLSearchParams(requests.at(-1)!.body).get('line_items[0][price_data][unit_amount]')).toBe('8000');
    expect((await deliver('evt_moves_1', moves.session_id, 8000).expect(200)).body.outcome).toBe('credited');
    expect((await deliver('evt_moves_2', moves.session_id, 8000).expect(200)).body.outcome).toBe('duplicate');
    expect((await me(testApp, advertiser.token)).moves_balance).toBe(1000);
  });
});
