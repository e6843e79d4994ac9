import { CommandBus } from '@nestjs/cqrs';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { GrantAdminRoleCommand } from '../../src/modules/identity';
import { IdentityTestApp, signUp } from '../identity/support';
import { startLedgerApp } from './app-support';

jest.setTimeout(120_000);

/** The ledger's HTTP surface on the whole application over a fresh PostgreSQL database: every status and message. */
describe('ledger API', () => {
  let testApp: IdentityTestApp;
  let executor: LedgerExecutor;

  beforeAll(async () => {
    testApp = await startLedgerApp();
    executor = testApp.app.get(LedgerExecutor);
  });
  afterAll(() => testApp.close());

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function grantPoints(userId: string, pointsMinor: bigint) {
    const outcome = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        // An operator's adjustment (no route posts it): test funding without a rule bound for verify to hold it to.
        reasonCode: 'ADJUSTMENT',
        description: 'Test funding',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount(userId),
            currency: 'points',
            amountMinor: pointsMinor,
          },
        ],
        now: new Date().toISOString(),
      },
    });
    expect(outcome.kind).toBe('accepted');
  }

  async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const value = await probe();
      if (accept(value) || attempt > 100) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('opens a new user with 25 points and 1 key, shown in /users/me and both wallet lists', async () => {
    const user = await signUp(testApp);
    const me = await eventually(
      () => testApp.http().get('/api/users/me').set(auth(user.token)).expect(200),
      (response) => response.body.points_balance === 25,
    );
    expect(me.body).toMatchObject({
      id: user.user.id,
      username: user.username,
      points_balance: 25,
      keys_balance: 1,
      gems_balance: 0,
      gold_collected: 0,
      moves_balance: 0,
      level: expect.any(Number),
      xp_points: expect.any(Number),
    });
    for (const path of ['/api/users/me/wallets', '/api/users/wallets']) {
      const wallets = await testApp.http().get(path).set(auth(user.token)).expect(200);
      expect(wallets.body).toContainEqual({
        currency_type: 'points',
        balance: 25,
        available_balance: 25,
        held_balance: 0,
      });
      expect(wallets.body).toContainEqual({ currency_type: 'keys', balance: 1, available_balance: 1, held_balance: 0 });
      expect(wallets.body).toHaveLength(6);
    }
  });

  it('answers 401 without a session', async () => {
    await testApp.http().get('/api/users/me/wallets').expect(401);
    await testApp.http().get('/api/users/me/conversion-allowance').expect(401);
    await testApp
      .http()
      .post('/api/users/convert')
      .send({ from_currency: 'points', to_currency: 'keys', amount: 1 })
      .expect(401);
  });

  it('refuses invalid conversion input with 400 and moves nothing', async () => {
    const user = await signUp(testApp);
    await grantPoints(user.user.id, 100_000n);
    const invalid = [
      { from_currency: 'points', to_currency: 'keys', amount: 0 },
      { from_currency: 'points', to_currency: 'keys', amount: 1.5 },
      // A decimal string is an amount like a number (issue 19 §3), but it must still be exact, whole and bounded.
      { from_currency: 'points', to_currency: 'keys', amount: '1e0' },
      { from_currency: 'points', to_currency: 'keys', amount: 1e308 },
      { from_currency: 'points', to_currency: 'keys', amount: '12345678901234567890123' },
      { from_currency: 'gold', to_currency: 'keys', amount: 1 },
      { from_currency: 'points', to_currency: 'gems', amount: 1 },
      { from_currency: 'points', to_currency: 'keys' },
      {},
    ];
    for (const body of invalid) {
      const response = await testApp.http().post('/api/users/convert').set(auth(user.token)).send(body).expect(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.field_errors.length).toBeGreaterThan(0);
    }
    const me = await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200);
    expect(me.body.keys_balance).toBe(1);
    expect(me.body.points_balance).toBe(10_025);
  });

  it("refuses a conversion the balance cannot cover with 422 'Insufficient balance'", async () => {
    const user = await signUp(testApp);
    const response = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .send({ from_currency: 'points', to_currency: 'keys', amount: 1 })
      .expect(422);
    expect(response.body).toMatchObject({ error: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
    const gems = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .send({ from_currency: 'Gems', to_currency: 'KEYS', amount: 1 })
      .expect(422);
    expect(gems.body.error).toBe('Insufficient balance');
  });

  it('converts points to keys, at most 3 a UTC day, with transactions newest first and a point-in-time balance', async () => {
    const user = await signUp(testApp);
    await grantPoints(user.user.id, 30_000n); // 3,000 points
    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const first = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .send({ from_currency: 'points', to_currency: 'keys', amount: 2 })
      .expect(200);
    expect(first.body).toMatchObject({
      success: true,
      from_currency: 'points',
      to_currency: 'keys',
      amount_spent: 1000,
      keys_received: 2,
      keys_converted_from_points_today: 2,
      daily_points_conversion_limit: 3,
    });
    expect(first.body.balances).toMatchObject({ points_balance: 2025, keys_balance: 3 });
    const allowance = await testApp.http().get('/api/users/me/conversion-allowance').set(auth(user.token)).expect(200);
    expect(allowance.body).toEqual({
      keys_converted_from_points_today: 2,
      daily_points_conversion_limit: 3,
      keys_remaining_from_points_today: 1,
    });
    const overLimit = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .send({ from_currency: 'points', to_currency: 'keys', amount: 2 })
      .expect(422);
    expect(overLimit.body).toMatchObject({
      code: 'DAILY_CONVERSION_LIMIT',
      error: 'Daily limit of 3 keys from points conversion reached',
    });
    await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .send({ from_currency: 'points', to_currency: 'keys', amount: 1 })
      .expect(200);

    const transactions = await eventually(
      () => testApp.http().get('/api/users/transactions').set(auth(user.token)).expect(200),
      (response) => response.body.transactions.length === 7,
    );
    const list = transactions.body.transactions as {
      transaction_type: string;
      amount: number;
      currency_type: string;
      status: string;
    }[];
    expect(
      list
        .slice(0, 2)
        .map((row) => [row.transaction_type, row.currency_type, row.amount].join(' '))
        .sort(),
    ).toEqual(['conversion keys 1', 'conversion points -500']);
    expect(list.at(-1)).toMatchObject({ status: 'completed' });
    expect(list.map((row) => row.transaction_type)).toContain('adjustment');
    const pointsOnly = await testApp
      .http()
      .get('/api/users/transactions?currency=points&limit=2')
      .set(auth(user.token))
      .expect(200);
    expect(pointsOnly.body.transactions).toHaveLength(2);
    expect(pointsOnly.body.transactions.every((row: { currency_type: string }) => row.currency_type === 'points')).toBe(
      true,
    );

    const then = await testApp
      .http()
      .get(`/api/users/me/balance-at?at=${encodeURIComponent(before.toISOString())}`)
      .set(auth(user.token))
      .expect(200);
    expect(then.body.wallets).toContainEqual({
      currency_type: 'points',
      balance: 3025,
      available_balance: 3025,
      held_balance: 0,
    });
    await testApp.http().get('/api/users/me/balance-at?at=yesterday').set(auth(user.token)).expect(400);
    await testApp.http().get('/api/users/transactions?limit=0').set(auth(user.token)).expect(400);
    await testApp.http().get('/api/users/transactions?currency=euros').set(auth(user.token)).expect(400);
  });

  it("lists a transaction between two users in both users' transactions, each with its own signed amount", async () => {
    const sender = await signUp(testApp);
    const recipient = await signUp(testApp);
    const transactionId = newTransactionId();
    const outcome = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId,
        reasonCode: 'TIP',
        description: 'Tip',
        postings: [
          {
            debitAccount: userAccount(sender.user.id),
            creditAccount: userAccount(recipient.user.id),
            currency: 'points',
            amountMinor: 100n,
          },
        ],
        now: new Date().toISOString(),
      },
    });
    expect(outcome.kind).toBe('accepted');
    const rowFor = async (token: string) => {
      const response = await eventually(
        () => testApp.http().get('/api/users/transactions').set(auth(token)).expect(200),
        (answer) => answer.body.transactions.some((row: { id: string }) => row.id.startsWith(transactionId)),
      );
      return (response.body.transactions as { id: string; amount: number; currency_type: string }[]).filter((row) =>
        row.id.startsWith(transactionId),
      );
    };
    expect(await rowFor(sender.token)).toMatchObject([{ amount: -10, currency_type: 'points' }]);
    expect(await rowFor(recipient.token)).toMatchObject([{ amount: 10, currency_type: 'points' }]);
  });

  it('honours Idempotency-Key: same body → first answer and money once; other body → 409; a refusal stays refused', async () => {
    const user = await signUp(testApp);
    await grantPoints(user.user.id, 10_000n);
    const body = { from_currency: 'points', to_currency: 'keys', amount: 1 };
    const first = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .set('Idempotency-Key', 'key-1')
      .send(body)
      .expect(200);
    const second = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .set('Idempotency-Key', 'key-1')
      .send(body)
      .expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotency-replayed']).toBe('true');
    const reused = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .set('Idempotency-Key', 'key-1')
      .send({ ...body, amount: 2 })
      .expect(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const me = await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200);
    expect(me.body).toMatchObject({ points_balance: 525, keys_balance: 2 });

    const refused = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .set('Idempotency-Key', 'key-2')
      .send({ ...body, amount: 2 })
      .expect(422);
    expect(refused.body.error).toBe('Insufficient balance');
    await grantPoints(user.user.id, 100_000n);
    const stillRefused = await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .set('Idempotency-Key', 'key-2')
      .send({ ...body, amount: 2 })
      .expect(422);
    expect(stillRefused.body).toEqual(refused.body);

    // The same key sent 20 times at once still converts once.
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () =>
        testApp.http().post('/api/users/convert').set(auth(user.token)).set('Idempotency-Key', 'key-3').send(body),
      ),
    );
    expect(parallel.every((response) => response.status === 200)).toBe(true);
    expect(new Set(parallel.map((response) => response.body.transaction_id)).size).toBe(1);
    const after = await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200);
    expect(after.body.keys_balance).toBe(3);
  });

  it('allows exactly 3 keys from points when 30 parallel requests arrive', async () => {
    const user = await signUp(testApp);
    await grantPoints(user.user.id, 100_000n);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        testApp
          .http()
          .post('/api/users/convert')
          .set(auth(user.token))
          .send({ from_currency: 'points', to_currency: 'keys', amount: 1 }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 422)).toHaveLength(27);
    const me = await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200);
    expect(me.body).toMatchObject({ points_balance: 8_525, keys_balance: 4 });
  });

  it('200 parallel HTTP conversions against a gem balance that affords 3 keys: exactly 3 succeed, the balance is exact', async () => {
    const user = await signUp(testApp);
    const funded = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode: 'ADJUSTMENT',
        description: 'Gems',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount(user.user.id),
            currency: 'gems',
            amountMinor: 79_999n,
          },
        ],
        now: new Date().toISOString(),
      },
    });
    expect(funded.kind).toBe('accepted');
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        testApp
          .http()
          .post('/api/users/convert')
          .set(auth(user.token))
          // Half of them with their own Idempotency-Key, so both paths race each other.
          .set(index % 2 === 0 ? { 'Idempotency-Key': `parallel-${index}` } : {})
          .send({ from_currency: 'gems', to_currency: 'keys', amount: 1 }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect(
      responses
        .filter((response) => response.status === 422)
        .every((response) => response.body.error === 'Insufficient balance'),
    ).toBe(true);
    expect(responses.filter((response) => response.status === 422)).toHaveLength(197);
    const me = await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200);
    expect(me.body).toMatchObject({ gems_balance: 1.9999, keys_balance: 4 });
  });

  it('keeps the admin verbs for administrators: 403 for others; verify, export and rebuild for an admin', async () => {
    const user = await signUp(testApp);
    await testApp.http().get('/api/admin/ledger/verify').set(auth(user.token)).expect(403);
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(user.user.id, 'ledger test'));
    const verify = await eventually(
      () => testApp.http().get('/api/admin/ledger/verify').set(auth(user.token)),
      (response) => response.status === 200 && response.body.ok === true,
    );
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true, findings: [] });
    expect(verify.body.currencies.points.sum).toBe('0');

    // The export reads the log up to the oldest transaction still running, so a batch in flight can delay the tail.
    const totals = await testApp.http().get('/api/admin/ledger/totals').set(auth(user.token)).expect(200);
    const points = (totals.body as { currency_type: string; user_balance: number; sum: number }[]).find(
      (row) => row.currency_type === 'points',
    );
    expect(points?.sum).toBe(0);
    expect(points?.user_balance).toBeGreaterThan(0);

    const ndjson = await eventually(
      () => testApp.http().get(`/api/admin/ledger/export?user_id=${user.user.id}`).set(auth(user.token)).expect(200),
      (response) => response.text.trim().split('\n').length === 2,
    );
    expect(ndjson.headers['content-type']).toContain('application/x-ndjson');
    const lines = ndjson.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({
        account_id: userAccount(user.user.id),
        currency: 'points',
        amount: '25',
        running_balance: '25',
        reason_code: 'ACCOUNT_OPENING',
      }),
      expect.objectContaining({
        account_id: userAccount(user.user.id),
        currency: 'keys',
        amount: '1',
        running_balance: '1',
      }),
    ]);
    const csv = await testApp.http().get('/api/admin/ledger/export?format=csv').set(auth(user.token)).expect(200);
    expect(csv.text.split('\n')[0]).toBe(
      'position,recorded_at,transaction_id,reason_code,description,account_id,currency,amount,running_balance',
    );
    await testApp.http().get('/api/admin/ledger/export?format=xml').set(auth(user.token)).expect(400);

    await testApp
      .http()
      .post('/api/admin/ledger/rebuild')
      .set(auth(user.token))
      .send({ projection: 'nope' })
      .expect(404);
    const started = await testApp
      .http()
      .post('/api/admin/ledger/rebuild')
      .set(auth(user.token))
      .send({ projection: 'ledger_transactions' })
      .expect(202);
    expect(started.body).toEqual({ projection: 'ledger_transactions', status: 'started' });
  });
  it('GET /api/admin/ledger/issuance: where new money came from, per reason and currency, per day, and the top receivers (admins only)', async () => {
    const admin = await signUp(testApp);
    await testApp.http().get('/api/admin/ledger/issuance').set(auth(admin.token)).expect(403);
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'ledger test'));
    const rich = await signUp(testApp);
    const from = new Date(Date.now() - 60_000).toISOString();
    await grantPoints(rich.user.id, 987_654_321n);
    const today = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 60_000).toISOString();

    // The log is read up to the oldest transaction still running, so wait until the grant is readable.
    const report = await eventually(
      () =>
        testApp
          .http()
          .get(`/api/admin/ledger/issuance?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&top=3`)
          .set(auth(admin.token))
          .expect(200),
      (response) => response.body.top_receivers.some((row: { user_id: string }) => row.user_id === rich.user.id),
    );
    expect(report.body).toMatchObject({ from, to });
    expect(report.body.totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reason_code: 'ADJUSTMENT',
          currency: 'points',
          largest: 98_765_432.1,
          documented: true,
        }),
        expect.objectContaining({ reason_code: 'ACCOUNT_OPENING', currency: 'points', largest: 25, documented: true }),
      ]),
    );
    expect(report.body.days).toEqual(
      expect.arrayContaining([expect.objectContaining({ day: today, reason_code: 'ADJUSTMENT', currency: 'points' })]),
    );
    const topPoints = report.body.top_receivers.filter((row: { currency: string }) => row.currency === 'points');
    expect(topPoints.length).toBeLessThanOrEqual(3);
    expect(topPoints[0]).toEqual({
      account_id: userAccount(rich.user.id),
      user_id: rich.user.id,
      currency: 'points',
      amount: 98_765_457.1,
      credits: 2,
    });

    // A range that ends before the grant does not see it.
    const before = await testApp
      .http()
      .get(`/api/admin/ledger/issuance?from=2020-01-01T00:00:00Z&to=2020-12-31T00:00:00Z`)
      .set(auth(admin.token))
      .expect(200);
    expect(before.body).toEqual({
      from: '2020-01-01T00:00:00.000Z',
      to: '2020-12-31T00:00:00.000Z',
      totals: [],
      days: [],
      top_receivers: [],
    });

    for (const [query, message] of [
      ['from=yesterday', 'from must be an ISO 8601 time, e.g. 2026-11-01T00:00:00Z'],
      ['to=2026-13-01', 'to must be an ISO 8601 time, e.g. 2026-11-01T00:00:00Z'],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must be before to'],
      ['from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from and to must be at most 366 days apart'],
      ['top=0', 'top must be at least 1'],
    ]) {
      const refused = await testApp
        .http()
        .get(`/api/admin/ledger/issuance?${query}`)
        .set(auth(admin.token))
        .expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(refused.body.field_errors).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    }
  });
});
