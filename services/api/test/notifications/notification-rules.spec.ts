import { statelessDrafts } from '../../src/modules/notifications/projections/notification-rules';
import {
  decideMarkAllRead,
  decideMarkRead,
  evolveInbox,
  isRead,
  type InboxState,
} from '../../src/modules/notifications/domain/inbox';

const now = '2026-03-15T10:00:00.000Z';
const empty: InboxState = { readIds: new Set(), allReadBefore: null };

describe('notification rules', () => {
  const posted = (reasonCode: string, streamId = 'ledger-account-u1') => ({
    id: 'e1',
    type: 'LedgerTransactionPosted',
    streamId,
    data: {
      transactionId: 't1',
      reasonCode,
      description: 'Referral bonus (code ABC123)',
      occurredAt: now,
      copyIndex: 0,
      copyCount: 2,
      postings: [
        { debitAccount: 'system:issuance', creditAccount: 'user:u1', currency: 'points', amountMinor: '2500' },
        { debitAccount: 'system:issuance', creditAccount: 'user:u2', currency: 'points', amountMinor: '5000' },
      ],
    },
  });

  it('turns a reward credited to the stream owner into a reward notification, once per transaction and user', () => {
    expect(statelessDrafts(posted('REFERRAL_BONUS'))).toEqual([
      {
        key: 'reward:t1:u1',
        userId: 'u1',
        type: 'reward',
        title: 'Reward received',
        message: '+250 points · Referral bonus (code ABC123)',
        data: { transaction_id: 't1', reason: 'REFERRAL_BONUS', amounts: { points: 250 } },
        actionUrl: '/wallet',
      },
    ]);
  });

  it('words a withdrawal in its own currency: gems, or dollars for a USD withdrawal', () => {
    const requested = (currency?: 'usd') => ({
      id: 'e2',
      type: 'WithdrawalRequested',
      streamId: 'withdrawal-w1',
      data: {
        withdrawalId: 'w1',
        userId: 'u1',
        holdId: 'h1',
        amountMinor: currency ? '125000' : '2000000',
        feeMinor: '0',
        feePercentage: 1,
        method: 'paypal',
        ...(currency ? { currency } : {}),
        encryptedDetails: 'x',
        maskedDetails: {},
        requestedAt: now,
      },
    });
    expect(statelessDrafts(requested())[0]?.message).toBe(
      '200 gems are held for your paypal withdrawal until the payout completes',
    );
    expect(statelessDrafts(requested('usd'))[0]?.message).toBe(
      '$12.50 is held for your paypal withdrawal until the payout completes',
    );
    const processed = {
      id: 'e3',
      type: 'WithdrawalProcessed',
      streamId: 'withdrawal-w1',
      data: {
        withdrawalId: 'w1',
        userId: 'u1',
        amountMinor: '125000',
        payoutReference: 'p',
        transactionId: 't',
        processedAt: now,
        currency: 'usd',
      },
    };
    expect(statelessDrafts(processed)[0]?.message).toBe('Your withdrawal of $12.50 was paid out');
    const failed = {
      id: 'e4',
      type: 'WithdrawalFailed',
      streamId: 'withdrawal-w1',
      data: { withdrawalId: 'w1', userId: 'u1', amountMinor: '2000000', reason: 'Declined', failedAt: now },
    };
    expect(statelessDrafts(failed)[0]?.message).toBe('Declined. Your 200 gems are available again.');
  });

  it('ignores conversions, spending and journal copies', () => {
    expect(statelessDrafts(posted('CONVERSION'))).toEqual([]);
    expect(statelessDrafts(posted('REFERRAL_BONUS', 'ledger-journal-1'))).toEqual([]);
  });
});

describe('inbox read state', () => {
  const notification = { id: 'n1', createdAt: new Date('2026-03-15T09:00:00.000Z') };

  it('marks one read once', () => {
    const events = decideMarkRead(empty, 'u1', notification, now);
    expect(events).toEqual([{ type: 'NotificationRead', data: { userId: 'u1', notificationId: 'n1', readAt: now } }]);
    const state = events.reduce(evolveInbox, empty);
    expect(isRead(state, notification)).toBe(true);
    expect(decideMarkRead(state, 'u1', notification, now)).toEqual([]);
  });

  it('mark all read covers what existed then, not what comes later', () => {
    const state = decideMarkAllRead('u1', now).reduce(evolveInbox, empty);
    expect(isRead(state, notification)).toBe(true);
    expect(isRead(state, { id: 'n2', createdAt: new Date('2026-03-15T10:00:01.000Z') })).toBe(false);
  });
});
