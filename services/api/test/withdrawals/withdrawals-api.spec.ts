import { CommandBus } from '@nestjs/cqrs';
import { parseDecimalToMinor } from '@app/contracts/ledger';
import { DEFAULT_WITHDRAWAL_METHODS } from '@app/contracts/withdrawals';
import type { EventStore } from '@app/event-store';
import { IdentityModule, LedgerModule, NotificationsModule } from '../../src/modules/context-modules';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { PayoutReactor } from '../../src/modules/withdrawals';
import { WithdrawalsModule } from '../../src/modules/withdrawals/withdrawals.module';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth, givenAdmin, transactionsWhen, verifyLedger } from '../payments/support';

jest.setTimeout(120_000);

type User = Awaited<ReturnType<typeof signUp>>;

/** A currency's row of `GET /api/admin/ledger/totals` (a projection: waited for until it has the currency's postings). */
async function currencyTotalOf(
  testApp: IdentityTestApp,
  token: string,
  currency: string,
): Promise<{ currency_type: string; sum: number }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const totals = (await testApp.http().get('/api/admin/ledger/totals').set(auth(token)).expect(200)).body as Array<{
      currency_type: string;
      sum: number;
    }>;
    const row = totals.find((candidate) => candidate.currency_type === currency);
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`No ${currency} row in the ledger totals: ${JSON.stringify(totals)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('withdrawals API', () => {
  let testApp: IdentityTestApp;
  let admin: User;
  const currencyTotal = (currency: string) => currencyTotalOf(testApp, admin.token, currency);

  beforeAll(async () => {
    testApp = await startAppWithModules('withdrawals', [
      IdentityModule,
      LedgerModule,
      NotificationsModule,
      WithdrawalsModule,
    ]);
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

  /** Gems from issuance (ADJUSTMENT: the reason kept for tests and operators). */
  async function userWithGems(gems: string, currency: 'gems' | 'usd' = 'gems'): Promise<User> {
    const user = await signUp(testApp);
    const result = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'ADJUSTMENT',
          description: `Test ${currency}`,
          postings: [
            {
              debitAccount: SYSTEM_ACCOUNTS.issuance,
              creditAccount: userAccount(user.user.id),
              currency,
              amountMinor: parseDecimalToMinor(gems, currency)!,
            },
          ],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(result.ok).toBe(true);
    return user;
  }
  const wallets = async (user: User, currency = 'gems') => {
    const rows = (await testApp.http().get('/api/users/me/wallets').set(auth(user.token)).expect(200)).body as Array<{
      currency_type: string;
      balance: number;
      held_balance: number;
    }>;
    return rows.find((row) => row.currency_type === currency)!;
  };
  const request = (user: User, body: Record<string, unknown>) =>
    testApp.http().post('/api/withdrawal/request').set(auth(user.token)).send(body);
  const paypal = (amount: unknown, email = 'ada@example.com') => ({
    amount,
    payment_method: 'paypal',
    payment_details: { email_address: email },
  });
  async function waitForStatus(user: User, id: string, status: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const list = (await testApp.http().get('/api/withdrawal/requests').set(auth(user.token)).expect(200)).body
        .withdrawals as Array<{ id: string; status: string }>;
      const found = list.find((row) => row.id === id);
      if (found?.status === status) return found;
      if (Date.now() > deadline) throw new Error(`Withdrawal ${id} is ${found?.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('lists the methods from configuration', async () => {
    const user = await signUp(testApp);
    const methods = await testApp.http().get('/api/withdrawal/methods').set(auth(user.token)).expect(200);
    expect(methods.body).toEqual(DEFAULT_WITHDRAWAL_METHODS);
  });

  it('refuses below 200 gems, above the available gems, unknown methods and invalid details, and holds nothing', async () => {
    const user = await userWithGems('300');
    const low = await request(user, paypal(199.99)).expect(400);
    expect(low.body).toMatchObject({
      code: 'INSUFFICIENT_GEMS',
      error: 'Insufficient Gems: You need at least 200 gems to request a withdrawal.',
    });
    const high = await request(user, paypal(300.01)).expect(422);
    expect(high.body.code).toBe('INSUFFICIENT_GEMS');
    expect((await request(user, { ...paypal(200), payment_method: 'wire' }).expect(400)).body.code).toBe(
      'UNKNOWN_WITHDRAWAL_METHOD',
    );
    const email = await request(user, paypal(200, 'not-an-email')).expect(400);
    expect(email.body.field_errors).toEqual([
      { field: 'email_address', message: 'E-mail address must be an e-mail address' },
    ]);
    const crypto = await request(user, {
      amount: 200,
      payment_method: 'crypto',
      payment_details: { wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7', network: 'solana' },
    }).expect(400);
    expect(crypto.body.field_errors[0].field).toBe('network');
    const missing = await request(user, {
      amount: 1000,
      payment_method: 'check',
      payment_details: { full_name: 'Ada' },
    }).expect(400);
    expect(missing.body.field_errors.map((error: { field: string }) => error.field)).toEqual([
      'address_line_1',
      'city',
      'state',
      'postal_code',
      'country',
      'phone_number',
    ]);
    // The bank method asks for 500 at least.
    expect(
      (await request(user, { amount: 250, payment_method: 'bank_transfer', payment_details: {} }).expect(400)).body
        .code,
    ).toBe('BELOW_METHOD_MINIMUM');
    expect(await wallets(user)).toMatchObject({ balance: 300, held_balance: 0 });
  });

  it('holds the gems at once, then pays out, posts the fee and captures the hold', async () => {
    const user = await userWithGems('300');
    const answer = await request(user, {
      ...paypal('200'),
      payment_details: { email_address: '  ada@example.com ' },
    }).expect(200);
    expect(answer.body.withdrawal).toMatchObject({
      amount: 200,
      fee: 5,
      fee_percentage: 2.5,
      net_amount: 195,
      status: 'pending',
      payment_method: 'paypal',
      payment_details: { email_address: 'a***@example.com' },
    });
    // Held immediately: no longer available, whatever the job does.
    const me = (await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200)).body;
    expect(me.gems_balance).toBe(100);
    const processed = await waitForStatus(user, answer.body.withdrawal.id, 'processed');
    expect(processed).toMatchObject({
      payout_reference: expect.stringMatching(/^po_/),
      processed_at: expect.any(String),
    });
    expect(await wallets(user)).toMatchObject({ balance: 100, held_balance: 0 });
    // One row: the hold's, pending until the payout, then completed with the amount spent (payout and fee).
    const rows = await transactionsWhen(testApp, user.token, 'type=withdrawal', (body) =>
      body.transactions.some((row) => row.status === 'completed'),
    );
    expect(rows.transactions.map((row: { amount: number; status: string }) => [row.amount, row.status])).toEqual([
      [-200, 'completed'],
    ]);
    // The job running again (a redelivery) changes nothing.
    await testApp.app.get(PayoutReactor).process(answer.body.withdrawal.id);
    expect(await wallets(user)).toMatchObject({ balance: 100, held_balance: 0 });
    expect((await currencyTotal('gems')).sum).toBe(0);
  });

  it('two parallel withdrawals that together exceed the balance: one is refused', async () => {
    const user = await userWithGems('300');
    const answers = await Promise.all([request(user, paypal(200)), request(user, paypal(200))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect((await wallets(user)).balance).toBe(100);
    await waitForStatus(user, answers.find((answer) => answer.status === 200)!.body.withdrawal.id, 'processed');
  });

  it('a refused payout fails the withdrawal and releases its hold exactly once', async () => {
    const user = await userWithGems('300');
    const answer = await request(user, paypal(250, 'someone@refused.example')).expect(200);
    expect((await wallets(user)).balance).toBe(50);
    const failed = await waitForStatus(user, answer.body.withdrawal.id, 'failed');
    expect(failed).toMatchObject({ failure_reason: 'The payout provider refused the account' });
    expect(await wallets(user)).toMatchObject({ balance: 300, held_balance: 0 });
    await testApp.app.get(PayoutReactor).process(answer.body.withdrawal.id);
    expect(await wallets(user)).toMatchObject({ balance: 300, held_balance: 0 });
    const rows = await transactionsWhen(testApp, user.token, 'type=withdrawal&currency=gems', (body) =>
      body.transactions.some((row) => row.status === 'released'),
    );
    expect(rows.transactions.map((row: { amount: number; status: string }) => [row.amount, row.status])).toEqual([
      [-250, 'released'],
    ]);
  });

  it('notifies the user: pending, then processed or failed', async () => {
    const user = await userWithGems('500');
    await request(user, paypal(200)).expect(200);
    await request(user, paypal(200, 'x@refused.example')).expect(200);
    const deadline = Date.now() + 15_000;
    let titles: string[] = [];
    while (Date.now() < deadline) {
      const answer = await testApp.http().get('/api/notifications').set(auth(user.token)).expect(200);
      titles = (answer.body.notifications as Array<{ title: string }>).map((entry) => entry.title).sort();
      if (titles.includes('Withdrawal processed') && titles.includes('Withdrawal failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(titles.filter((title) => title.startsWith('Withdrawal'))).toEqual([
      'Withdrawal failed',
      'Withdrawal pending',
      'Withdrawal pending',
      'Withdrawal processed',
    ]);
  });

  it('honours Idempotency-Key: a retried request holds once and answers the same withdrawal', async () => {
    const user = await userWithGems('500');
    const send = () =>
      testApp
        .http()
        .post('/api/withdrawal/request')
        .set(auth(user.token))
        .set('Idempotency-Key', 'withdraw-once')
        .send(paypal(200));
    const first = await send().expect(200);
    const again = await send().expect(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body.withdrawal.id).toBe(first.body.withdrawal.id);
    expect((await wallets(user)).balance).toBe(300);
    await testApp
      .http()
      .post('/api/withdrawal/request')
      .set(auth(user.token))
      .set('Idempotency-Key', 'withdraw-once')
      .send(paypal(250))
      .expect(409);
    await waitForStatus(user, first.body.withdrawal.id, 'processed');
  });

  it('refuses demo sandboxes with a clear message', async () => {
    const demo = await testApp.http().post('/api/auth/demo/creator').expect(200);
    const answer = await testApp
      .http()
      .post('/api/withdrawal/request')
      .set(auth(demo.body.token))
      .send(paypal(200))
      .expect(403);
    expect(answer.body).toMatchObject({
      code: 'DEMO_ACCOUNT_CANNOT_WITHDRAW',
      error: expect.stringContaining('Demo accounts cannot withdraw'),
    });
  });

  it('keeps payout details encrypted at rest: not in the events, not in the tables', async () => {
    const user = await userWithGems('300');
    await request(user, paypal(200, 'secret.person@example.com')).expect(200);
    await testApp
      .http()
      .post('/api/users/payment-preferences')
      .set(auth(user.token))
      .send({ payment_method: 'paypal', preference_data: { email_address: 'secret.person@example.com' } })
      .expect(200);
    const store = testApp.app.get<EventStore>(EVENT_STORE);
    const text = await store.withTransaction(async (transaction) => {
      const events = await transaction.query<{ data: unknown }>(
        "SELECT data FROM events WHERE stream_id LIKE 'withdrawal-%'",
      );
      const rows = await transaction.query('SELECT * FROM payment_preferences');
      const withdrawals = await transaction.query('SELECT * FROM withdrawals');
      return JSON.stringify([events.rows, rows.rows, withdrawals.rows]);
    });
    expect(text).not.toContain('secret.person');
    expect(text).toContain('s***@example.com');
  });

  it('USD: the configured minimum and fee, held at once, paid out, one history row pending → completed; refusals change nothing', async () => {
    const user = await userWithGems('80', 'usd');
    const terms = await testApp.http().get('/api/withdrawal/usd-terms').set(auth(user.token)).expect(200);
    expect(terms.body).toEqual({ currency_type: 'usd', min_amount: 10, fee_percentage: 1 });
    const usd = (amount: unknown, email = 'ada@example.com') => ({ ...paypal(amount, email), currency_type: 'usd' });

    const low = await request(user, usd('9.99')).expect(400);
    expect(low.body).toMatchObject({ code: 'BELOW_USD_MINIMUM', error: 'The minimum USD withdrawal is $10.00' });
    const fraction = await request(user, usd('10.001')).expect(400);
    expect(fraction.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'A USD withdrawal is in whole cents (at most 2 decimals)',
    });
    const high = await request(user, usd('80.01')).expect(422);
    expect(high.body).toMatchObject({
      code: 'INSUFFICIENT_USD',
      error: 'Insufficient USD: the amount is more than your available USD.',
    });
    // Gems are a different balance: this user has none, and the 200-gem rule is the gem path's.
    expect((await request(user, paypal(200)).expect(422)).body.code).toBe('INSUFFICIENT_GEMS');
    await testApp
      .http()
      .post('/api/withdrawal/request')
      .set(auth(user.token))
      .send({ ...usd(20), currency_type: 'eur' })
      .expect(400);
    expect(await wallets(user, 'usd')).toMatchObject({ balance: 80, held_balance: 0 });

    const answer = await request(user, usd('50')).expect(200);
    expect(answer.body.withdrawal).toMatchObject({
      currency_type: 'usd',
      amount: 50,
      fee: 0.5,
      fee_percentage: 1,
      net_amount: 49.5,
      status: 'pending',
    });
    expect(answer.body.message).toBe('Withdrawal of $50.00 requested: the amount is held until the payout completes.');
    // Held at once (or already paid: the job may be that quick): the 50 are no longer available either way.
    expect((await wallets(user, 'usd')).balance).toBe(30);

    await waitForStatus(user, answer.body.withdrawal.id, 'processed');
    expect(await wallets(user, 'usd')).toMatchObject({ balance: 30, held_balance: 0 });
    const done = await transactionsWhen(testApp, user.token, 'type=withdrawal&currency=usd', (body) =>
      body.transactions.some((row) => row.status === 'completed'),
    );
    expect(done.transactions.map((row: { amount: number; status: string }) => [row.amount, row.status])).toEqual([
      [-50, 'completed'],
    ]);
    const list = (await testApp.http().get('/api/withdrawal/requests').set(auth(user.token)).expect(200)).body
      .withdrawals;
    expect(list).toEqual([
      expect.objectContaining({ id: answer.body.withdrawal.id, currency_type: 'usd', amount: 50, status: 'processed' }),
    ]);
    expect((await currencyTotal('usd')).sum).toBe(0);
  });

  it('USD: a refused payout fails the withdrawal and releases the USD once (one row, released)', async () => {
    const user = await userWithGems('30', 'usd');
    const answer = await request(user, { ...paypal('25', 'someone@refused.example'), currency_type: 'usd' }).expect(
      200,
    );
    await waitForStatus(user, answer.body.withdrawal.id, 'failed');
    await testApp.app.get(PayoutReactor).process(answer.body.withdrawal.id);
    expect(await wallets(user, 'usd')).toMatchObject({ balance: 30, held_balance: 0 });
    const rows = await transactionsWhen(testApp, user.token, 'type=withdrawal&currency=usd', (body) =>
      body.transactions.some((row) => row.status === 'released'),
    );
    expect(rows.transactions.map((row: { amount: number; status: string }) => [row.amount, row.status])).toEqual([
      [-25, 'released'],
    ]);
  });
});
