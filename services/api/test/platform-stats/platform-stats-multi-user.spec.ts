import { CommandBus } from '@nestjs/cqrs';
import { PlatformStatsSchema, type PlatformStats } from '@app/contracts/platform-stats';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { applyReferral, postTransaction } from '../ledger/multi-user-transactions';
import { waitFor } from '../drops/support';

jest.setTimeout(120_000);

/**
 * The paid-out figures when one transaction pays two users: the ledger records a copy of it in each user's stream,
 * and each payout must count once (over HTTP, on real PostgreSQL).
 */
describe('platform statistics: transactions touching two users', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function stats(): Promise<PlatformStats> {
    const response = await testApp.http().get('/api/stats/platform').expect(200);
    return PlatformStatsSchema.parse(response.body);
  }
  async function settledStats(): Promise<PlatformStats> {
    await waitFor(
      () => testApp.app.get(ProjectionsService).listProjections(),
      (projections) => projections.find((projection) => projection.name === 'platform_stats')?.lagEvents === 0,
    );
    return stats();
  }
  /** A figure moved by `delta` (the amounts here are small decimals, exact as numbers). */
  const plus = (figure: string, delta: number) => String(Number(figure) + delta);

  it('a referral pays 750 points in all (500 + 250), not 1500', async () => {
    const referrer = await signUp(testApp);
    const referred = await signUp(testApp);
    const before = await settledStats();
    await applyReferral(testApp, referred, referrer);
    await waitFor(stats, (figures) => figures.points_paid_out !== before.points_paid_out);
    const after = await settledStats();
    expect(after.points_paid_out).toBe(plus(before.points_paid_out, 750));
    expect(after.gems_paid_out).toBe(before.gems_paid_out);
  });

  it('a drop reward paying two users counts each payout once, the user-to-user leg never, and its reversal takes both back', async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    const before = await settledStats();
    const transactionId = await postTransaction(testApp, 'DROP_REWARD', [
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(alice.user.id),
        currency: 'gems',
        amountMinor: 20_000n,
      },
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(bob.user.id),
        currency: 'gems',
        amountMinor: 30_000n,
      },
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(bob.user.id),
        currency: 'points',
        amountMinor: 1_005n,
      },
      {
        debitAccount: userAccount(alice.user.id),
        creditAccount: userAccount(bob.user.id),
        currency: 'points',
        amountMinor: 100n,
      },
    ]);
    await waitFor(stats, (figures) => figures.gems_paid_out !== before.gems_paid_out);
    const paid = await settledStats();
    expect(paid.gems_paid_out).toBe(plus(before.gems_paid_out, 5)); // 2 + 3 gems
    expect(paid.points_paid_out).toBe(plus(before.points_paid_out, 100.5)); // from issuance only; alice's 10 to bob is no payout

    const reversal = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'ReverseTransaction',
        data: {
          originalTransactionId: transactionId,
          reversalTransactionId: newTransactionId(),
          description: 'paid by mistake',
          now: new Date().toISOString(),
        },
      }),
    );
    expect(reversal.ok).toBe(true);
    await waitFor(stats, (figures) => figures.gems_paid_out === before.gems_paid_out);
    const reversed = await settledStats();
    expect(reversed).toMatchObject({ gems_paid_out: before.gems_paid_out, points_paid_out: before.points_paid_out });

    // A rebuild from the log gives the same figures.
    await testApp.app.get(ProjectionsService).rebuildProjection('platform_stats');
    expect(await settledStats()).toMatchObject({
      gems_paid_out: reversed.gems_paid_out,
      points_paid_out: reversed.points_paid_out,
      keys_converted: reversed.keys_converted,
    });
  });
});
