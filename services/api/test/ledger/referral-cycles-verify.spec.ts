import { ReferralCycles } from '../../src/modules/ledger/audit-ledger/referral-cycles';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import type { TransactionPosted } from '../../src/modules/ledger/domain/events';
import { verifyLedger } from '../../src/modules/ledger/infrastructure/ledger-audit';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { LedgerTestContext, openLedgerTestContext } from './support';

jest.setTimeout(60_000);

const now = '2026-12-05T00:00:00.000Z';

/** A referral bonus as rewards posts it: 250 points to the referred user, 500 to the referrer, the pair named. */
function bonus(
  transactionId: string,
  referredUserId: string,
  referrerUserId: string,
  extra: Partial<TransactionPosted> = {},
): TransactionPosted {
  return {
    transactionId,
    reasonCode: 'REFERRAL_BONUS',
    description: 'Referral bonus',
    postings: [
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(referredUserId),
        currency: 'points',
        amountMinor: 2500n,
      },
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(referrerUserId),
        currency: 'points',
        amountMinor: 5000n,
      },
    ],
    occurredAt: now,
    copyIndex: 0,
    copyCount: 2,
    references: { referralCode: 'ABC123', referrerUserId, referredUserId },
    ...extra,
  };
}

describe('ledger verify: referral bonuses that go round a circle', () => {
  it('finds a direct pair and a 3-cycle once each, and nothing in a chain or after a reversal', () => {
    const cycles = new ReferralCycles();
    cycles.add(bonus('t1', 'bob', 'ann'));
    cycles.add(bonus('t1', 'bob', 'ann', { copyIndex: 1 }));
    cycles.add(bonus('t2', 'ann', 'bob'));
    cycles.add(bonus('t3', 'dan', 'cat'));
    cycles.add(bonus('t4', 'eve', 'dan'));
    cycles.add(bonus('t5', 'cat', 'eve'));
    cycles.add(bonus('t6', 'gus', 'fay'));
    cycles.add(bonus('t7', 'hal', 'gus'));
    const findings = cycles.findings();
    expect(findings).toHaveLength(2);
    expect(findings[0]).toContain('circle of 2 users');
    expect(findings[0]).toMatch(/t1/);
    expect(findings[0]).toMatch(/t2/);
    expect(findings[1]).toContain('circle of 3 users');

    const reversed = new ReferralCycles();
    reversed.add(bonus('t1', 'bob', 'ann'));
    reversed.add(bonus('t2', 'ann', 'bob'));
    reversed.add({ ...bonus('r2', 'ann', 'bob'), reasonCode: 'REVERSAL', reversesTransactionId: 't2' });
    expect(reversed.findings()).toEqual([]);
  });

  describe('on a real log', () => {
    let context: LedgerTestContext;
    let executor: LedgerExecutor;

    beforeEach(async () => {
      context = await openLedgerTestContext();
      executor = new LedgerExecutor(context.eventStore);
      for (const userId of ['ann', 'bob', 'cat'])
        await executor.execute({ type: 'OpenUserAccounts', data: { userId, transactionId: newTransactionId(), now } });
    });
    afterEach(() => context.close());

    const post = async (referredUserId: string, referrerUserId: string) => {
      const posted = bonus(newTransactionId(), referredUserId, referrerUserId);
      const outcome = await executor.execute({
        type: 'PostTransaction',
        data: {
          transactionId: posted.transactionId,
          reasonCode: 'REFERRAL_BONUS',
          description: posted.description,
          postings: posted.postings,
          references: posted.references,
          now,
        },
      });
      expect(outcome.kind).toBe('accepted');
    };

    it('reports an issuance finding for a 3-cycle forged past the rewards context, and none for a chain', async () => {
      await post('bob', 'ann');
      await post('cat', 'bob');
      await context.catchUp();
      expect((await verifyLedger(context.eventStore)).findings).toEqual([]);

      await post('ann', 'cat');
      await context.catchUp();
      const report = await verifyLedger(context.eventStore);
      expect(report.ok).toBe(false);
      expect(report.findings).toEqual([
        expect.objectContaining({
          check: 'issuance',
          stream_id: null,
          message: expect.stringContaining('circle of 3 users'),
        }),
      ]);
    });
  });
});
