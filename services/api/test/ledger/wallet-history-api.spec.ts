import { CommandBus } from '@nestjs/cqrs';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from './app-support';

jest.setTimeout(60_000);
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What the wallet page needs: the chart's balances over time, the transactions filtered and paged, the /api/app alias. */
describe('wallet history API', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  const credit = async (userId: string, currency: 'gems' | 'gold', amountMinor: bigint) => {
    const result = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'ADJUSTMENT',
          description: `Test ${currency}`,
          postings: [
            { debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(userId), currency, amountMinor },
          ],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(result.ok).toBe(true);
  };

  it('answers the balances at the end of each of the last days and now, oldest first', async () => {
    const user = await signUp(testApp);
    await credit(user.user.id, 'gems', 120_000n);
    const history = await testApp.http().get('/api/users/me/balance-history?days=7').set(auth(user.token)).expect(200);
    expect(history.body.days).toBe(7);
    expect(history.body.points).toHaveLength(8);
    // Signed up today: every past day is empty; now shows the opening balances and the gems.
    for (const point of history.body.points.slice(0, 7)) expect(point).toMatchObject({ points: 0, keys: 0, gems: 0 });
    expect(history.body.points[7]).toMatchObject({ points: 25, keys: 1, gems: 12 });
    const dates = history.body.points.slice(0, 7).map((point: { date: string }) => point.date);
    expect([...dates].sort()).toEqual(dates);
    expect(dates[6]).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    await testApp.http().get('/api/users/me/balance-history?days=0').set(auth(user.token)).expect(400);
    await testApp.http().get('/api/users/me/balance-history?days=367').set(auth(user.token)).expect(400);
    expect(
      (await testApp.http().get('/api/users/me/balance-history').set(auth(user.token)).expect(200)).body.points,
    ).toHaveLength(31);
  });

  it('filters transactions by currency and type and pages them with a total', async () => {
    const user = await signUp(testApp);
    for (let index = 0; index < 3; index += 1) await credit(user.user.id, 'gold', 10n);
    const page = (query: string) =>
      testApp.http().get(`/api/users/transactions?${query}`).set(auth(user.token)).expect(200);
    const first = await page('currency=gold&type=adjustment&limit=2&offset=0');
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(first.body.transactions).toHaveLength(2);
    const second = await page('currency=gold&type=adjustment&limit=2&offset=2');
    expect(second.body.transactions).toHaveLength(1);
    expect(
      new Set([...first.body.transactions, ...second.body.transactions].map((row: { id: string }) => row.id)).size,
    ).toBe(3);
    expect((await page('type=account_opening')).body.total).toBe(2);
    expect((await page('currency=gold&type=account_opening')).body.total).toBe(0);
    await testApp.http().get('/api/users/transactions?type=DROP;--').set(auth(user.token)).expect(400);
  });

  it('answers GET /api/app/users/me like /api/users/me', async () => {
    const user = await signUp(testApp);
    const direct = await testApp.http().get('/api/users/me').set(auth(user.token)).expect(200);
    const alias = await testApp.http().get('/api/app/users/me').set(auth(user.token)).expect(200);
    expect(alias.body).toEqual(direct.body);
    await testApp.http().get('/api/app/users/me').expect(401);
  });
});
