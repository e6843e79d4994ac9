import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { IdentityTestApp, signUp } from '../identity/support';
import { startLedgerApp } from './app-support';

/**
 * A user's own reads after their own command see it: the transactions list comes from a projection that trails the
 * log by a poll, so the read waits (bounded) until that projection has passed the command. No retry loop here.
 */
describe('read your own writes', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  it("lists a conversion in the caller's transactions right after it, 20 times out of 20", async () => {
    const user = await signUp(testApp);
    const auth = { Authorization: `Bearer ${user.token}` };
    const funded = await testApp.app.get(LedgerExecutor).execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode: 'REFERRAL_BONUS',
        description: 'Test funding',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount(user.user.id),
            currency: 'gems',
            amountMinor: 20n * 10_000n * 10_000n,
          },
        ],
        now: new Date().toISOString(),
      },
    });
    expect(funded.kind).toBe('accepted');

    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const converted = await testApp
        .http()
        .post('/api/users/convert')
        .set(auth)
        .send({ from_currency: 'gems', to_currency: 'keys', amount: 1 })
        .expect(200);
      const listed = await testApp.http().get('/api/users/transactions?limit=100').set(auth).expect(200);
      const ids = (listed.body.transactions as { transaction_id: string }[]).map(
        (transaction) => transaction.transaction_id,
      );
      expect(ids).toContain(converted.body.transaction_id);
    }
  });
});
