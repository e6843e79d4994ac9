import Stripe from 'stripe';
import { signUp, type IdentityTestApp } from '../identity/support';
import { PaymentProviders } from '../../src/modules/payments';
import { auth, gemsOf, givenAdmin, startPaymentsApp, verifyLedger } from './support';

jest.setTimeout(120_000);

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_adapter';
const environment = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_51TestKeyNotReal',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51PublishableKeyNotReal',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  APP_PUBLIC_URL: 'https://app.example.test',
};

/**
 * The Stripe adapter on the official SDK, with no network: the SDK's HTTP client is given a fetch that answers as
 * Stripe's API would (and records what was asked), and webhooks are signed by the SDK's own test helper.
 */
describe('Stripe adapter (PAYMENTS_PROVIDER=stripe)', () => {
  let testApp: IdentityTestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  const requests: Array<{ url: string; body: string }> = [];
  const stripe = new Stripe(environment.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(async (input, init) => {
      const body = String(init?.body ?? '');
      requests.push({ url: String(input), body });
      const params = new URLSearchParams(body);
      const url = String(input);
      const json = url.includes('/v1/checkout/sessions')
        ? {
            id: `cs_test_${requests.length}`,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/cs_test_${requests.length}`,
            client_reference_id: params.get('client_reference_id'),
          }
        : { id: `re_test_${requests.length}`, object: 'refund', status: 'succeeded' };
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

  const deliver = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return testApp
      .http()
      .post('/api/payments/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload);
  };
  const completed = (id: string, sessionId: string, amount: number, paymentStatus = 'paid') => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_x',
        object: 'checkout.session',
        client_reference_id: sessionId,
        metadata: { session_id: sessionId },
        payment_status: paymentStatus,
        amount_total: amount,
        payment_intent: 'pi_test_1',
      },
    },
  });

  it('shows Stripe as the default provider with the first 12 characters of its publishable key', async () => {
    const answer = await testApp.http().get('/api/payments/providers').set(auth(admin.token)).expect(200);
    expect(answer.body.status).toBe('success');
    expect(answer.body.data.defaultProvider).toBe('stripe');
    expect(answer.body.data.providers[0]).toEqual({
      provider: 'stripe',
      enabled: true,
      ready: true,
      publishableKey: 'pk_test_51Pu',
      mode: 'mock',
    });
  });

  it('creates a Checkout Session for the catalogue price and credits once on SDK-signed webhooks', async () => {
    const buyer = await signUp(testApp);
    const checkout = (
      await testApp
        .http()
        .post('/api/payments/create-checkout-session')
        .set(auth(buyer.token))
        .send({ package_id: 'premium', price: 1 })
        .expect(200)
    ).body;
    expect(checkout.provider).toBe('stripe');
    expect(checkout.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = new URLSearchParams(requests.at(-1)!.body);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('11000');
    expect(sent.get('client_reference_id')).toBe(checkout.session_id);
    expect(sent.get('success_url')).toBe(
      `https://app.example.test/wallet?checkout=${checkout.session_id}&status=success`,
    );

    // Unpaid completion (a delayed method) credits nothing; the paid one credits; replays do not.
    expect((await deliver(completed('evt_1', checkout.session_id, 11000, 'unpaid')).expect(200)).body.outcome).toBe(
      'ignored',
    );
    expect((await deliver(completed('evt_2', checkout.session_id, 11000)).expect(200)).body.outcome).toBe('credited');
    expect((await deliver(completed('evt_2', checkout.session_id, 11000)).expect(200)).body.outcome).toBe('duplicate');
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(100);
  });

  it('refuses a payload signed with another secret or altered after signing (400), and credits nothing', async () => {
    const buyer = await signUp(testApp);
    const checkout = (
      await testApp
        .http()
        .post('/api/payments/create-checkout-session')
        .set(auth(buyer.token))
        .send({ package_id: 'starter' })
        .expect(200)
    ).body;
    const wrong = await deliver(completed('evt_3', checkout.session_id, 1100), 'whsec_someone_else').expect(400);
    expect(wrong.body.code).toBe('INVALID_WEBHOOK_SIGNATURE');
    const payload = JSON.stringify(completed('evt_4', checkout.session_id, 1100));
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    await testApp
      .http()
      .post('/api/payments/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload.replace('1100', '1'))
      .expect(400);
    await testApp
      .http()
      .post('/api/payments/webhooks/stripe')
      .set('content-type', 'application/json')
      .send(payload)
      .expect(400);
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(0);
  });

  it('ignores a paid amount that differs from the price, and closes expired sessions', async () => {
    const buyer = await signUp(testApp);
    const checkout = (
      await testApp
        .http()
        .post('/api/payments/create-checkout-session')
        .set(auth(buyer.token))
        .send({ package_id: 'starter' })
        .expect(200)
    ).body;
    expect((await deliver(completed('evt_5', checkout.session_id, 100)).expect(200)).body.outcome).toBe('ignored');
    const expired = {
      id: 'evt_6',
      object: 'event',
      type: 'checkout.session.expired',
      data: {
        object: { id: 'cs', object: 'checkout.session', client_reference_id: checkout.session_id, metadata: {} },
      },
    };
    expect((await deliver(expired).expect(200)).body.outcome).toBe('closed');
    const session = await testApp
      .http()
      .get(`/api/payments/checkout-sessions/${checkout.session_id}`)
      .set(auth(buyer.token))
      .expect(200);
    expect(session.body).toMatchObject({ status: 'expired', credited: false });
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(0);
  });

  it('reverses the credit on a full refund webhook (charge.refunded), once', async () => {
    const buyer = await signUp(testApp);
    const checkout = (
      await testApp
        .http()
        .post('/api/payments/create-checkout-session')
        .set(auth(buyer.token))
        .send({ package_id: 'basic' })
        .expect(200)
    ).body;
    await deliver(completed('evt_7', checkout.session_id, 2750)).expect(200);
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(25);
    const refunded = {
      id: 'evt_8',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', refunded: true, metadata: { session_id: checkout.session_id } } },
    };
    expect((await deliver(refunded).expect(200)).body.outcome).toBe('refunded');
    expect((await deliver({ ...refunded, id: 'evt_9' }).expect(200)).body.outcome).toBe('duplicate');
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(0);
  });
});
