import { statelessDrafts } from '../../src/modules/notifications/projections/notification-rules';

const now = '2026-03-15T10:00:00.000Z';

/** The decisions of the Approvals queue notify the user who asked, with the outcome and the administrator's reason. */
describe('notification rules: decisions of the Approvals queue', () => {
  it('tells a Social Shield claimant (named by the shield stream) the claim was approved and paid, or rejected and why', () => {
    const approved = statelessDrafts({
      id: 'e1',
      type: 'ShieldClaimApproved',
      streamId: 'growth-shield-u1',
      data: { claimId: 'c1', payoutMinor: '1500000', decidedBy: 'a1', transactionId: 't1', decidedAt: now },
    });
    expect(approved).toEqual([
      {
        key: 'shield-claim-decided:c1',
        userId: 'u1',
        type: 'reward',
        title: 'Shield claim approved',
        message: expect.stringMatching(/^Your Social Shield claim was approved: [\d,.]+ gems paid$/),
        data: { claim_id: 'c1', status: 'approved' },
        actionUrl: '/growth-hub',
      },
    ]);
    const rejected = statelessDrafts({
      id: 'e2',
      type: 'ShieldClaimRejected',
      streamId: 'growth-shield-u1',
      data: { claimId: 'c1', decidedBy: 'a1', reason: 'No incident found', decidedAt: now },
    });
    expect(rejected[0]).toMatchObject({
      userId: 'u1',
      type: 'warning',
      title: 'Shield claim rejected',
      message: 'Your Social Shield claim was rejected. Reason: No incident found',
    });
    // Approve and reject of one claim share the key: a claim is decided once, so the user gets one notification.
    expect(rejected[0]?.key).toBe(approved[0]?.key);
    expect(
      statelessDrafts({
        id: 'e3',
        type: 'ShieldClaimRejected',
        streamId: 'growth-shield-u1',
        data: { claimId: 'c1', decidedBy: 'a1', reason: '', decidedAt: now },
      })[0]?.message,
    ).toBe('Your Social Shield claim was rejected.');
  });

  it('tells a winner of a forecast settled on an observation what was paid', () => {
    const drafts = statelessDrafts({
      id: 'e6',
      type: 'LedgerTransactionPosted',
      streamId: 'ledger-account-u3',
      data: {
        transactionId: 't6',
        reasonCode: 'FORECAST_PAYOUT',
        description: 'Forecast payout',
        occurredAt: now,
        copyIndex: 0,
        copyCount: 1,
        postings: [
          { debitAccount: 'escrow:forecast:f1', creditAccount: 'user:u3', currency: 'usd', amountMinor: '400000' },
        ],
      },
    });
    expect(drafts).toEqual([
      expect.objectContaining({
        key: 'reward:t6:u3',
        userId: 'u3',
        title: 'Reward received',
        message: '+40 usd · Forecast payout',
      }),
    ]);
  });

  it('tells the user an Instagram registration was rejected and why; skips an unreadable event', () => {
    const drafts = statelessDrafts({
      id: 'e4',
      type: 'InstagramVerificationRejected',
      streamId: 'rewards-account-u2',
      data: {
        userId: 'u2',
        instagramUsername: 'ada',
        reason: 'No message arrived',
        rejectedBy: 'admin:a',
        rejectedAt: now,
      },
    });
    expect(drafts).toEqual([
      expect.objectContaining({
        key: 'instagram-rejected:e4',
        userId: 'u2',
        type: 'warning',
        message: '@ada could not be verified. Reason: No message arrived You can register again.',
      }),
    ]);
    expect(
      statelessDrafts({
        id: 'e5',
        type: 'InstagramVerificationRejected',
        streamId: 'rewards-account-u2',
        data: { userId: 'u2' },
      }),
    ).toEqual([]);
  });
});
