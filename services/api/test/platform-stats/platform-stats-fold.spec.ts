import { DROP_CATEGORIES, DROP_DIFFICULTIES } from '@app/contracts/drops';
import { platformStatsChanges } from '../../src/modules/platform-stats/platform-stats-fold';

const posted = (
  streamUserId: string,
  reasonCode: string,
  postings: Array<{ debitAccount: string; creditAccount: string; currency: string; amountMinor: string }>,
) => ({
  type: 'LedgerTransactionPosted',
  streamId: `ledger-account-${streamUserId}`,
  data: {
    transactionId: 't1',
    reasonCode,
    description: 'x',
    postings,
    occurredAt: '2026-01-01T00:00:00.000Z',
    copyIndex: 0,
    copyCount: 1,
  },
});

const validDetails = (overrides: { deadlineAt: string | null }) => ({
  title: 'T',
  description: 'D',
  category: DROP_CATEGORIES[0],
  difficulty: DROP_DIFFICULTIES[0],
  platform: null,
  contentUrl: null,
  previewImage: null,
  requirements: null,
  deliverables: null,
  timeCommitment: null,
  maxParticipants: null,
  followerThreshold: 0,
  ...overrides,
});

/** Given one stored event, then these changes to the platform figures. */
describe('platform statistics fold', () => {
  it('counts a rewarded credit to the stream user from a system or escrow account, per currency', () => {
    const event = posted('alice', 'DROP_REWARD', [
      { debitAccount: 'escrow:drop:d1', creditAccount: 'user:alice', currency: 'gems', amountMinor: '500000' },
      { debitAccount: 'system:issuance', creditAccount: 'user:alice', currency: 'points', amountMinor: '15' },
      { debitAccount: 'system:issuance', creditAccount: 'user:alice', currency: 'keys', amountMinor: '2' },
    ]);
    expect(platformStatsChanges(event)).toEqual([
      { kind: 'reward_paid', transactionId: 't1', userId: 'alice', pointsMinor: 15n, gemsMinor: 500000n },
    ]);
  });

  it("counts only the stream user's own credit, so a transaction copied into several user streams counts once", () => {
    const postings = [
      { debitAccount: 'system:issuance', creditAccount: 'user:alice', currency: 'points', amountMinor: '100' },
      { debitAccount: 'system:issuance', creditAccount: 'user:bob', currency: 'points', amountMinor: '50' },
    ];
    expect(platformStatsChanges(posted('alice', 'REFERRAL_BONUS', postings))).toEqual([
      { kind: 'reward_paid', transactionId: 't1', userId: 'alice', pointsMinor: 100n, gemsMinor: 0n },
    ]);
    expect(platformStatsChanges(posted('bob', 'REFERRAL_BONUS', postings))).toEqual([
      { kind: 'reward_paid', transactionId: 't1', userId: 'bob', pointsMinor: 50n, gemsMinor: 0n },
    ]);
  });

  it("takes a reversed transaction's rewards to the stream user back out", () => {
    const reversal = posted('alice', 'REVERSAL', [
      { debitAccount: 'user:alice', creditAccount: 'system:issuance', currency: 'points', amountMinor: '100' },
    ]);
    expect(
      platformStatsChanges({ ...reversal, data: { ...reversal.data, reversesTransactionId: 'original' } }),
    ).toEqual([{ kind: 'reward_reversed', reversedTransactionId: 'original', userId: 'alice' }]);
  });

  it.each(['ACCOUNT_OPENING', 'DEMO_FUNDING', 'DROP_APPLICATION', 'ADJUSTMENT'])(
    'does not count %s credits as payouts',
    (reasonCode) => {
      const event = posted('alice', reasonCode, [
        { debitAccount: 'system:issuance', creditAccount: 'user:alice', currency: 'points', amountMinor: '250' },
      ]);
      expect(platformStatsChanges(event)).toEqual([]);
    },
  );

  it('does not count a user paying another user', () => {
    const event = posted('bob', 'DROP_REWARD', [
      { debitAccount: 'user:alice', creditAccount: 'user:bob', currency: 'gems', amountMinor: '10' },
    ]);
    expect(platformStatsChanges(event)).toEqual([]);
  });

  it('counts the keys a conversion gives, not the points it takes', () => {
    const event = posted('alice', 'CONVERSION', [
      { debitAccount: 'user:alice', creditAccount: 'system:conversion', currency: 'points', amountMinor: '10000' },
      { debitAccount: 'system:conversion', creditAccount: 'user:alice', currency: 'keys', amountMinor: '2' },
    ]);
    expect(platformStatsChanges(event)).toEqual([
      { kind: 'counter', counter: 'keys_converted_minor', amount: 2n, userId: 'alice' },
    ]);
  });

  it('counts a real sign-up as a member and remembers a demo sandbox instead (its activity is left out)', () => {
    const registered = (userId: string, extra: Record<string, unknown>) => ({
      type: 'UserRegistered',
      streamId: `user-${userId}`,
      data: {
        userId,
        email: `${userId}@x.io`,
        username: userId,
        displayName: null,
        userType: 'user',
        tier: 'free',
        referralCode: 'ABC123',
        passwordHash: null,
        method: 'password',
        emailConfirmed: true,
        registeredAt: '2026-11-25T00:00:00.000Z',
        demoPersona: null,
        ...extra,
      },
    });
    expect(platformStatsChanges(registered('real', {}))).toEqual([{ kind: 'counter', counter: 'members', amount: 1n }]);
    expect(
      platformStatsChanges(registered('sandbox', { method: 'demo', demoPersona: 'investor', isDemo: true })),
    ).toEqual([{ kind: 'demo_user', userId: 'sandbox' }]);
    // Events written before `isDemo` existed: a demo persona was a demo account.
    expect(platformStatsChanges(registered('old', { method: 'demo', demoPersona: 'creator' }))).toEqual([
      { kind: 'demo_user', userId: 'old' },
    ]);
  });

  it('ignores ledger journal shards (no user) and reports an unreadable payload', () => {
    expect(platformStatsChanges({ ...posted('x', 'DROP_REWARD', []), streamId: 'ledger-journal-3' })).toEqual([]);
    expect(
      platformStatsChanges({
        type: 'LedgerTransactionPosted',
        streamId: 'ledger-account-alice',
        data: { nonsense: true },
      }),
    ).toBe('unreadable');
    expect(platformStatsChanges({ type: 'UserRegistered', streamId: 'user-1', data: {} })).toBe('unreadable');
  });

  it('follows a drop: created open with its deadline, edited deadline, closed or deleted', () => {
    const details = { deadlineAt: '2027-01-01T00:00:00.000Z' };
    const created = platformStatsChanges({
      type: 'DropCreated',
      streamId: 'drop-d1',
      data: {
        dropId: 'd1',
        creatorId: 'c',
        creatorName: 'C',
        creatorAvatar: null,
        kind: 'proof',
        details: validDetails(details),
        terms: { keyCostMinor: '0', gemRewardBaseMinor: '0', moveCostPointsMinor: '0', keyRewardAmountMinor: '0' },
        gemPoolTotalMinor: '0',
        isDemo: false,
        poolTransactionId: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(created).toEqual([{ kind: 'drop_opened', dropId: 'd1', deadlineAt: '2027-01-01T00:00:00.000Z' }]);
    const edited = platformStatsChanges({
      type: 'DropUpdated',
      streamId: 'drop-d1',
      data: {
        dropId: 'd1',
        details: validDetails({ deadlineAt: null }),
        terms: { keyCostMinor: '0', gemRewardBaseMinor: '0', moveCostPointsMinor: '0', keyRewardAmountMinor: '0' },
        gemPoolTotalMinor: '0',
        poolChangeMinor: '0',
        isDemo: false,
        poolTransactionId: null,
        updatedAt: 'x',
      },
    });
    expect(edited).toEqual([{ kind: 'drop_deadline_changed', dropId: 'd1', deadlineAt: null }]);
    const closed = platformStatsChanges({
      type: 'DropClosed',
      streamId: 'drop-d1',
      data: { dropId: 'd1', poolReturnedMinor: '0', poolTransactionId: null, closedAt: 'x' },
    });
    expect(closed).toEqual([{ kind: 'drop_closed', dropId: 'd1' }]);
    const deleted = platformStatsChanges({
      type: 'DropDeleted',
      streamId: 'drop-d1',
      data: { dropId: 'd1', poolReturnedMinor: '0', poolTransactionId: null, deletedAt: 'x' },
    });
    expect(deleted).toEqual([{ kind: 'drop_closed', dropId: 'd1' }]);
  });

  it('counts a completed application once', () => {
    const completed = platformStatsChanges({
      type: 'DropApplicationCompleted',
      streamId: 'drop-d1',
      data: { applicationId: 'a', dropId: 'd1', applicantUserId: 'u', dropType: 'proof', completedAt: 'x' },
    });
    expect(completed).toEqual([{ kind: 'counter', counter: 'drop_applications_completed', amount: 1n }]);
  });
});
