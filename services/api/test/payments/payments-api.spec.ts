import { GEM_PACKAGES } from '@app/contracts/payments';
import { signUp, type IdentityTestApp } from '../identity/support';
import {
  auth,
  gemsOf,
  givenAdmin,
  signedLocalWebhook,
  startPaymentsApp,
  transactionsWhen,
  verifyLedger,
} from './support';

jest.setTimeout(120_000);

describe('payments API with the local provider', () => {
  let testApp: IdentityTestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    testApp = await startPaymentsApp();
    admin = await givenAdmin(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  afterEach(async () => {
    // Every test leaves the ledger clean: balanced, no negative balance, every issuance documented.
    const report = await verifyLedger(testApp, admin.token);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
  });

  const startCheckout = async (token: string, body: Record<string, unknown> = { package_id: 'popular' }) =>
    (await testApp.http().post('/api/payments/create-checkout-session').set(auth(token)).send(body).expect(200))
      .body as {
      session_id: string;
      checkout_url: string;
      provider: string;
    };
  const sessionOf = async (token: string, id: string) =>
    (await testApp.http().get(`/api/payments/checkout-sessions/${id}`).set(auth(token)).expect(200)).body;
  const payForm = { name: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

  it('lists the local provider as the default (mock mode) and the catalogue of spec 3 §9', async () => {
    const providers = await testApp.http().get('/api/payments/providers').set(auth(admin.token)).expect(200);
    expect(providers.body).toEqual({
      status: 'success',
      data: {
        providers: [{ provider: 'local', enabled: true, ready: true, publishableKey: null, mode: 'mock' }],
        defaultProvider: 'local',
      },
    });
    const packages = await testApp.http().get('/api/payments/gem-packages').set(auth(admin.token)).expect(200);
    expect(
      packages.body.packages.map((item: { id: string; total_gems: number; price: number }) => [
        item.id,
        item.total_gems,
        item.price,
      ]),
    ).toEqual([
      ['starter', 10, 11],
      ['basic', 25, 27.5],
      ['popular', 50, 55],
      ['premium', 100, 110],
      ['ultimate', 250, 275],
    ]);
    expect(packages.body.packages).toHaveLength(GEM_PACKAGES.length);
  });

  it('buys a package end to end: checkout page → pay → signed webhook → gems credited once; the client’s numbers are ignored', async () => {
    const buyer = await signUp(testApp);
    const before = await gemsOf(testApp, buyer.token);
    const checkout = await startCheckout(buyer.token, { package_id: 'popular', gems: 100000, price: 0.01 });
    expect(checkout.provider).toBe('local');
    expect(checkout.checkout_url).toBe(`/api/payments/local/sessions/${checkout.session_id}`);
    expect(await sessionOf(buyer.token, checkout.session_id)).toMatchObject({
      status: 'open',
      price: 55,
      credit_amount: 50,
      credited: false,
    });

    const page = await testApp.http().get(checkout.checkout_url).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('$55.00');
    expect(page.text).toContain('50 gems');

    const paid = await testApp.http().post(`${checkout.checkout_url}/pay`).type('form').send(payForm).expect(200);
    expect(paid.text).toContain('Payment complete');
    expect(paid.text).toContain(`/wallet?checkout=${checkout.session_id}&#38;status=success`);
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(before.gems_balance + 50);
    const session = await sessionOf(buyer.token, checkout.session_id);
    expect(session).toMatchObject({ status: 'paid', credited: true });

    // Paying again, or opening the page again, does nothing more.
    const again = await testApp.http().post(`${checkout.checkout_url}/pay`).type('form').send(payForm).expect(200);
    expect(again.text).toContain('already paid');
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(before.gems_balance + 50);
    // The wallet shows the purchase, filterable by type.
    const rows = await transactionsWhen(testApp, buyer.token, 'type=gem_purchase', (body) => body.total === 1);
    expect(rows.total).toBe(1);
    expect(rows.transactions[0]).toMatchObject({
      transaction_type: 'gem_purchase',
      amount: 50,
      currency_type: 'gems',
      status: 'completed',
    });
  });

  it('credits once when the same webhook is delivered 50 times in parallel', async () => {
    const buyer = await signUp(testApp);
    const checkout = await startCheckout(buyer.token, { package_id: 'ultimate' });
    const { raw, signature } = signedLocalWebhook(testApp, {
      id: 'evt_parallel',
      type: 'checkout.session.completed',
      data: { session_id: checkout.session_id, payment_reference: 'pay_parallel', amount_cents: 27500 },
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        testApp
          .http()
          .post('/api/payments/webhooks/local')
          .set('content-type', 'application/json')
          .set('x-local-signature', signature)
          .send(raw),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const outcomes = answers.map((answer) => answer.body.outcome).sort();
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(49);
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(250);
    // A later delivery with another event id for the same session (a provider's retry) still credits nothing.
    const replay = signedLocalWebhook(testApp, {
      id: 'evt_other',
      type: 'checkout.session.completed',
      data: { session_id: checkout.session_id, payment_reference: 'pay_parallel', amount_cents: 27500 },
    });
    const late = await testApp
      .http()
      .post('/api/payments/webhooks/local')
      .set('content-type', 'application/json')
      .set('x-local-signature', replay.signature)
      .send(replay.raw)
      .expect(200);
    expect(late.body).toEqual({ received: true, outcome: 'duplicate' });
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(250);
  });

  it('refuses a webhook with a bad, missing or stale signature with 400, and nothing changes', async () => {
    const buyer = await signUp(testApp);
    const checkout = await startCheckout(buyer.token, { package_id: 'starter' });
    const body = {
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { session_id: checkout.session_id, payment_reference: 'pay_forged', amount_cents: 1100 },
    };
    const { raw, signature } = signedLocalWebhook(testApp, body);
    const tampered = raw.replace('1100', '1101');
    const post = (payload: string, header?: string) => {
      const call = testApp.http().post('/api/payments/webhooks/local').set('content-type', 'application/json');
      return (header ? call.set('x-local-signature', header) : call).send(payload);
    };
    for (const [payload, header] of [
      [tampered, signature],
      [raw, undefined],
      // One hex digit changed (never to itself: a signature starting with 0 would stay valid).
      [raw, signature.replace(/v1=(.)/, (_match, digit: string) => `v1=${digit === '0' ? '1' : '0'}`)],
      [raw, `t=${Math.floor(Date.now() / 1000) - 3600},v1=${'a'.repeat(64)}`],
    ] as const) {
      const answer = await post(payload, header).expect(400);
      expect(answer.body.code).toBe('INVALID_WEBHOOK_SIGNATURE');
    }
    expect(await sessionOf(buyer.token, checkout.session_id)).toMatchObject({ status: 'open', credited: false });
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(0);
  });

  it('credits nothing for a declined or abandoned checkout, and a later payment webhook for it changes nothing', async () => {
    const buyer = await signUp(testApp);
    const declined = await startCheckout(buyer.token, { package_id: 'basic' });
    const page = await testApp
      .http()
      .post(`${declined.checkout_url}/pay`)
      .type('form')
      .send({ ...payForm, card_number: '4000 0000 0000 0002' })
      .expect(200);
    expect(page.text).toContain('Your card was declined.');
    expect(await sessionOf(buyer.token, declined.session_id)).toMatchObject({
      status: 'failed',
      credited: false,
      failure_reason: 'Your card was declined.',
    });

    const abandoned = await startCheckout(buyer.token, { package_id: 'basic' });
    await testApp.http().post(`${abandoned.checkout_url}/abandon`).expect(200);
    expect(await sessionOf(buyer.token, abandoned.session_id)).toMatchObject({ status: 'expired', credited: false });

    const late = signedLocalWebhook(testApp, {
      id: 'evt_late',
      type: 'checkout.session.completed',
      data: { session_id: declined.session_id, payment_reference: 'p', amount_cents: 2750 },
    });
    const answer = await testApp
      .http()
      .post('/api/payments/webhooks/local')
      .set('content-type', 'application/json')
      .set('x-local-signature', late.signature)
      .send(late.raw)
      .expect(200);
    expect(answer.body.outcome).toBe('ignored');
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(0);
    // A wrong test card re-shows the form with an error and changes nothing.
    const other = await startCheckout(buyer.token, { package_id: 'basic' });
    const wrong = await testApp
      .http()
      .post(`${other.checkout_url}/pay`)
      .type('form')
      .send({ ...payForm, card_number: '1234' })
      .expect(400);
    expect(wrong.text).toContain('use one of the test cards');
    expect(await sessionOf(buyer.token, other.session_id)).toMatchObject({ status: 'open' });
  });

  it('refuses an unknown package (400) and keeps sessions private to their owner (404)', async () => {
    const buyer = await signUp(testApp);
    const unknown = await testApp
      .http()
      .post('/api/payments/create-checkout-session')
      .set(auth(buyer.token))
      .send({ package_id: 'mega', gems: 1000, price: 1 })
      .expect(400);
    expect(unknown.body.code).toBe('UNKNOWN_PACKAGE');
    await testApp.http().post('/api/payments/create-checkout-session').set(auth(buyer.token)).send({}).expect(400);
    const checkout = await startCheckout(buyer.token);
    const stranger = await signUp(testApp);
    await testApp
      .http()
      .get(`/api/payments/checkout-sessions/${checkout.session_id}`)
      .set(auth(stranger.token))
      .expect(404);
    await testApp.http().get('/api/payments/local/sessions/00000000-0000-7000-8000-000000000000').expect(404);
    await testApp.http().post('/api/payments/create-checkout-session').send({ package_id: 'popular' }).expect(401);
  });

  it('refuses demo sandboxes: card money is real', async () => {
    const demo = await testApp.http().post('/api/auth/demo/creator').expect(200);
    const answer = await testApp
      .http()
      .post('/api/payments/create-checkout-session')
      .set(auth(demo.body.token))
      .send({ package_id: 'popular' })
      .expect(403);
    expect(answer.body.code).toBe('DEMO_ACCOUNT_CANNOT_PAY');
  });

  it('adds funds to the USD wallet through the same checkout, exactly the dollars paid', async () => {
    const buyer = await signUp(testApp);
    await testApp.http().post('/api/payments/usd-top-up').set(auth(buyer.token)).send({ amount: 4.99 }).expect(400);
    await testApp.http().post('/api/payments/usd-top-up').set(auth(buyer.token)).send({ amount: '25.005' }).expect(400);
    const checkout = (
      await testApp.http().post('/api/payments/usd-top-up').set(auth(buyer.token)).send({ amount: '25.50' }).expect(200)
    ).body;
    const page = await testApp.http().get(checkout.checkout_url).expect(200);
    expect(page.text).toContain('$25.50');
    await testApp.http().post(`${checkout.checkout_url}/pay`).type('form').send(payForm).expect(200);
    expect((await gemsOf(testApp, buyer.token)).usd_balance).toBe(25.5);
    expect(await sessionOf(buyer.token, checkout.session_id)).toMatchObject({
      kind: 'usd',
      status: 'paid',
      credit_currency: 'usd',
      credit_amount: 25.5,
    });
  });

  it('refunds a paid session with a linked reversal, once; refuses when the gems are already spent', async () => {
    const buyer = await signUp(testApp);
    const checkout = await startCheckout(buyer.token, { package_id: 'basic' });
    await testApp.http().post(`${checkout.checkout_url}/pay`).type('form').send(payForm).expect(200);
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(25);
    await testApp
      .http()
      .post(`/api/admin/payments/sessions/${checkout.session_id}/refund`)
      .set(auth(buyer.token))
      .expect(403);
    const refunded = await testApp
      .http()
      .post(`/api/admin/payments/sessions/${checkout.session_id}/refund`)
      .set(auth(admin.token))
      .expect(200);
    expect(refunded.body.session).toMatchObject({ status: 'refunded' });
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(0);
    // Again: already refunded, nothing more is reversed.
    await testApp
      .http()
      .post(`/api/admin/payments/sessions/${checkout.session_id}/refund`)
      .set(auth(admin.token))
      .expect(200);
    expect((await gemsOf(testApp, buyer.token)).gems_balance).toBe(0);
    const rows = await transactionsWhen(testApp, buyer.token, 'currency=gems', (body) =>
      body.transactions.some((row) => row.status === 'reversed'),
    );
    expect(
      rows.transactions.map((row: { transaction_type: string; amount: number; status: string }) => [
        row.transaction_type,
        row.amount,
        row.status,
      ]),
    ).toEqual([
      ['reversal', -25, 'completed'],
      ['gem_purchase', 25, 'reversed'],
    ]);

    // Spent: converting the gems to keys leaves nothing to reverse.
    const spender = await signUp(testApp);
    const second = await startCheckout(spender.token, { package_id: 'starter' });
    await testApp.http().post(`${second.checkout_url}/pay`).type('form').send(payForm).expect(200);
    await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(spender.token))
      .send({ from_currency: 'gems', to_currency: 'keys', amount: 5 })
      .expect(200);
    const refused = await testApp
      .http()
      .post(`/api/admin/payments/sessions/${second.session_id}/refund`)
      .set(auth(admin.token))
      .expect(422);
    expect(refused.body.code).toBe('REFUND_CREDIT_SPENT');
    expect(await sessionOf(spender.token, second.session_id)).toMatchObject({ status: 'paid' });
  });
});
