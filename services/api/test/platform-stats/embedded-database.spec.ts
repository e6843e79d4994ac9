import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { PlatformStatsSchema } from '@app/contracts/platform-stats';
import { DropsModule, PlatformStatsModule } from '../../src/modules/context-modules';
import { startTestApp, type TestApp } from '../platform/support/test-app';
import { waitFor } from '../drops/support';

/** `npm start` without DATABASE_URL runs on embedded PGlite (one session): the projection and its reads work there too. */
describe('platform statistics on the embedded database (PGlite)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ database: 'pglite', extraModules: [DropsModule, PlatformStatsModule] });
  }, 120_000);
  afterAll(() => testApp?.close(), 60_000);

  it('counts a sign-up and a conversion', async () => {
    const http = () => request(testApp.app.getHttpServer());
    const stats = async () => PlatformStatsSchema.parse((await http().get('/api/stats/platform').expect(200)).body);
    const before = await stats();
    await http()
      .post('/api/auth/signup')
      .send({ email: 'counted@example.com', password: 'long enough password', username: 'counted' })
      .expect(201);
    await waitFor(stats, (figures) => figures.members === before.members + 1);
    // A demo sandbox's conversion is not the platform's: only the real user's key below counts.
    const investor = await http().post('/api/auth/demo/investor').expect(200);
    await http()
      .post('/api/users/convert')
      .set({ Authorization: `Bearer ${investor.body.token}` })
      .send({ from_currency: 'gems', to_currency: 'keys', amount: 1 })
      .expect(200);
    // The welcome grant is 25 points and a key costs 500: the real user gets the points through the ledger first.
    const signedIn = await http()
      .post('/api/auth/signin')
      .send({ email: 'counted@example.com', password: 'long enough password' })
      .expect(200);
    const granted = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'ADJUSTMENT',
          description: 'test funds',
          postings: [
            {
              debitAccount: SYSTEM_ACCOUNTS.issuance,
              creditAccount: userAccount(signedIn.body.user.id),
              currency: 'points',
              amountMinor: 5_000n,
            },
          ],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(granted.ok).toBe(true);
    await http()
      .post('/api/users/convert')
      .set({ Authorization: `Bearer ${signedIn.body.token}` })
      .send({ from_currency: 'points', to_currency: 'keys', amount: 1 })
      .expect(200);
    await waitFor(stats, (figures) => figures.keys_converted === '1');
    // Once a later sign-up is counted, both conversions have been folded: still one key.
    await http()
      .post('/api/auth/signup')
      .send({ email: 'counted2@example.com', password: 'long enough password', username: 'counted2' })
      .expect(201);
    const after = await waitFor(stats, (figures) => figures.members === before.members + 2);
    expect(after.keys_converted).toBe('1');
    expect(after.members).toBeGreaterThanOrEqual(before.members + 1);
  }, 120_000);
});
