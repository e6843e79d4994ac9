import type { ReasonCode } from '@app/contracts/ledger';
import { evolveActivity, initialActivity, streakOn, type UserActivity } from '../../src/modules/ledger/domain/activity';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import type { TransactionPosted } from '../../src/modules/ledger/domain/events';

const user = 'u1';
const posted = (
  occurredAt: string,
  reasonCode: ReasonCode = 'SOCIAL_ACTION_REWARD',
  currency: 'points' | 'usd' = 'points',
  amountMinor = 10n,
): TransactionPosted => ({
  transactionId: `t-${occurredAt}-${reasonCode}`,
  reasonCode,
  description: 'test',
  postings: [{ debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(user), currency, amountMinor }],
  occurredAt,
  copyIndex: 0,
  copyCount: 1,
});
const fold = (transactions: TransactionPosted[]): UserActivity =>
  transactions.reduce((activity, transaction) => evolveActivity(activity, user, transaction), initialActivity());

describe('user activity on the ledger stream', () => {
  it('counts consecutive UTC days with activity, several a day counting once', () => {
    const activity = fold([
      posted('2026-11-20T23:00:00Z'),
      posted('2026-11-21T01:00:00Z'),
      posted('2026-11-21T09:00:00Z'),
      posted('2026-11-22T12:00:00Z'),
    ]);
    expect(activity).toMatchObject({ lastActiveDay: '2026-11-22', streakDays: 3 });
    expect(streakOn(activity, '2026-11-22')).toBe(3);
    expect(streakOn(activity, '2026-11-23')).toBe(3); // still alive until the day after
    expect(streakOn(activity, '2026-11-24')).toBe(0);
  });

  it('starts over after a day without activity', () => {
    expect(fold([posted('2026-11-20T10:00:00Z'), posted('2026-11-22T10:00:00Z')]).streakDays).toBe(1);
  });

  it('ignores opening grants, demo top-ups, reversals and adjustments', () => {
    const activity = fold(
      (['ACCOUNT_OPENING', 'DEMO_FUNDING', 'REVERSAL', 'ADJUSTMENT'] as const).map((reason) =>
        posted('2026-11-20T10:00:00Z', reason, 'usd', 500n),
      ),
    );
    expect(activity).toEqual(initialActivity());
  });

  it('sums USD earned from earning reasons only', () => {
    const activity = fold([
      posted('2026-11-20T10:00:00Z', 'TIP', 'usd', 100n),
      posted('2026-11-20T11:00:00Z', 'USD_TOP_UP', 'usd', 5_000n),
      posted('2026-11-20T12:00:00Z', 'CONTENT_FUNDING', 'usd', 250n),
    ]);
    expect(activity.earnedUsdMinor).toBe(350n);
  });
});
