import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { LedgerEvent } from '../../src/modules/ledger/domain/events';
import { given } from './given-when-then';

/** A withdrawal captures its hold as two postings of one transaction: the payout and the fee. */
const now = '2026-11-21T10:00:00.000Z';
const deadline = '2026-12-21T10:00:00.000Z';
const alice = 'alice';
const funded: LedgerEvent = {
  type: 'LedgerTransactionPosted',
  data: {
    transactionId: 'seed',
    reasonCode: 'ADJUSTMENT',
    description: 'seed',
    occurredAt: now,
    copyIndex: 0,
    copyCount: 1,
    postings: [
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(alice),
        currency: 'gems',
        amountMinor: 3_000_000n,
      },
    ],
  },
};
const placed: LedgerEvent = {
  type: 'LedgerHoldPlaced',
  data: {
    holdId: 'w1',
    userId: alice,
    currency: 'gems',
    amountMinor: 2_000_000n,
    expiresAt: deadline,
    reasonCode: 'WITHDRAWAL',
    description: 'Withdrawal',
    placedAt: now,
  },
};
const capture = (amountMinor: bigint, feeMinor: bigint, feeAccount: string = SYSTEM_ACCOUNTS.fees) => ({
  type: 'CaptureHold' as const,
  data: {
    holdId: 'w1',
    userId: alice,
    amountMinor,
    creditAccount: SYSTEM_ACCOUNTS.withdrawals,
    fee: { creditAccount: feeAccount, amountMinor: feeMinor },
    transactionId: 'cap',
    reasonCode: 'WITHDRAWAL' as const,
    description: 'Withdrawal',
    now,
  },
});

describe('CaptureHold with a fee', () => {
  it('spends the hold as the payout and the fee, each its own posting, and releases nothing when they add up to it', () => {
    given({ [alice]: [funded, placed] })
      .when(capture(1_950_000n, 50_000n))
      .thenEvents({
        [alice]: [
          {
            type: 'LedgerHoldCaptured',
            data: {
              holdId: 'w1',
              userId: alice,
              currency: 'gems',
              capturedMinor: 2_000_000n,
              releasedMinor: 0n,
              transactionId: 'cap',
              capturedAt: now,
            },
          },
          {
            type: 'LedgerTransactionPosted',
            data: {
              transactionId: 'cap',
              reasonCode: 'WITHDRAWAL',
              description: 'Withdrawal',
              occurredAt: now,
              holdId: 'w1',
              copyIndex: 0,
              copyCount: 1,
              postings: [
                {
                  debitAccount: userAccount(alice),
                  creditAccount: SYSTEM_ACCOUNTS.withdrawals,
                  currency: 'gems',
                  amountMinor: 1_950_000n,
                },
                {
                  debitAccount: userAccount(alice),
                  creditAccount: SYSTEM_ACCOUNTS.fees,
                  currency: 'gems',
                  amountMinor: 50_000n,
                },
              ],
            },
          },
        ],
      });
  });

  it('refuses a payout and fee that together exceed the hold', () => {
    given({ [alice]: [funded, placed] })
      .when(capture(1_950_000n, 50_001n))
      .thenRefused('CAPTURE_MUST_NOT_EXCEED_HOLD');
  });

  it('refuses a fee paid to a user', () => {
    given({ [alice]: [funded, placed] })
      .when(capture(1_950_000n, 50_000n, userAccount('bob')))
      .thenRefused('CAPTURE_MUST_CREDIT_A_SYSTEM_ACCOUNT');
  });

  it('refuses a zero fee (omit it instead)', () => {
    given({ [alice]: [funded, placed] })
      .when(capture(1_950_000n, 0n))
      .thenRefused('AMOUNT_MUST_BE_POSITIVE');
  });
});
