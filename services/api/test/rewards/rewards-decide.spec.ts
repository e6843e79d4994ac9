import { DeciderSpecification } from '../support/decider-specification';
import type { RewardsEvent } from '@app/contracts/rewards';
import {
  decide,
  evolve,
  initialRewardsAccount,
  type RewardsCommand,
} from '../../src/modules/rewards/domain/rewards-account';

/** given(events).when(command).then(events) | thenRefused(refusal) for the rewards account decider. */
const { given } = DeciderSpecification.for({ decide, evolve, initialState: () => initialRewardsAccount('user-1') });

const now = '2026-03-15T10:00:00.000Z';
const registered: RewardsEvent = {
  type: 'InstagramAccountRegistered',
  data: { userId: 'user-1', instagramUsername: 'ada', registeredAt: now },
};
const verified: RewardsEvent = {
  type: 'InstagramAccountVerified',
  data: { userId: 'user-1', instagramUsername: 'ada', verifiedBy: 'admin:a', verifiedAt: now },
};
/** Points issued out of `system:issuance`, one posting per user, in one transaction. */
const issued = (
  fields: {
    transactionId: string;
    reasonCode: string;
    description: string;
    now?: string;
    references: Record<string, string>;
  },
  ...grants: Array<[string, bigint]>
) => ({
  transactionId: fields.transactionId,
  reasonCode: fields.reasonCode,
  description: fields.description,
  now: fields.now ?? now,
  postings: grants.map(([userId, amountMinor]) => ({
    debitAccount: 'system:issuance',
    creditAccount: `user:${userId}`,
    currency: 'points',
    amountMinor,
  })),
  references: fields.references,
});

describe('rewards account decider', () => {
  describe('master key', () => {
    it('activates for the day when the tier requirement is met', () => {
      given()
        .when({ type: 'ActivateMasterKey', data: { tier: 'premium', proofDropsCompletedToday: 2, now } })
        .then({
          events: [
            {
              type: 'MasterKeyActivated',
              data: {
                userId: 'user-1',
                utcDay: '2026-03-15',
                tier: 'premium',
                proofDropsCompleted: 2,
                proofDropsRequired: 2,
                activatedAt: now,
              },
            },
          ],
          money: null,
        });
    });
    it('refuses below the requirement (free 5, premium 2, super 1)', () => {
      given()
        .when({ type: 'ActivateMasterKey', data: { tier: 'free', proofDropsCompletedToday: 4, now } })
        .thenRefused('PROOF_DROPS_MUST_REACH_REQUIREMENT');
      given()
        .when({ type: 'ActivateMasterKey', data: { tier: 'premium', proofDropsCompletedToday: 1, now } })
        .thenRefused('PROOF_DROPS_MUST_REACH_REQUIREMENT');
      given()
        .when({ type: 'ActivateMasterKey', data: { tier: 'super', proofDropsCompletedToday: 0, now } })
        .thenRefused('PROOF_DROPS_MUST_REACH_REQUIREMENT');
    });
    it('is a no-op the same UTC day and needs drops again the next day', () => {
      const activated: RewardsEvent = {
        type: 'MasterKeyActivated',
        data: {
          userId: 'user-1',
          utcDay: '2026-03-15',
          tier: 'super',
          proofDropsCompleted: 1,
          proofDropsRequired: 1,
          activatedAt: now,
        },
      };
      given([activated])
        .when({
          type: 'ActivateMasterKey',
          data: { tier: 'super', proofDropsCompletedToday: 0, now: '2026-03-15T23:59:59.000Z' },
        })
        .then([]);
      given([activated])
        .when({
          type: 'ActivateMasterKey',
          data: { tier: 'super', proofDropsCompletedToday: 0, now: '2026-03-16T00:00:00.000Z' },
        })
        .thenRefused('PROOF_DROPS_MUST_REACH_REQUIREMENT');
    });
  });

  describe('Instagram', () => {
    it('claims only registered and verified accounts, once a calendar month, by tier', () => {
      given()
        .when({ type: 'ClaimInstagramPoints', data: { tier: 'free', transactionId: 't', now } })
        .thenRefused('INSTAGRAM_MUST_BE_REGISTERED');
      given([registered])
        .when({ type: 'ClaimInstagramPoints', data: { tier: 'free', transactionId: 't', now } })
        .thenRefused('INSTAGRAM_MUST_BE_VERIFIED');
      given([registered, verified])
        .when({ type: 'ClaimInstagramPoints', data: { tier: 'super', transactionId: 't', now } })
        .then({
          events: [
            {
              type: 'InstagramPointsClaimed',
              data: {
                userId: 'user-1',
                month: '2026-03',
                tier: 'super',
                pointsMinor: '10000',
                transactionId: 't',
                claimedAt: now,
              },
            },
          ],
          money: issued(
            {
              transactionId: 't',
              reasonCode: 'SOCIAL_ACTION_REWARD',
              description: 'Monthly Instagram points (2026-03)',
              references: { programme: 'instagram', month: '2026-03' },
            },
            ['user-1', 10_000n],
          ),
        });
      const claimed: RewardsEvent = {
        type: 'InstagramPointsClaimed',
        data: {
          userId: 'user-1',
          month: '2026-03',
          tier: 'free',
          pointsMinor: '5000',
          transactionId: 't',
          claimedAt: now,
        },
      };
      given([registered, verified, claimed])
        .when({
          type: 'ClaimInstagramPoints',
          data: { tier: 'free', transactionId: 'u', now: '2026-03-31T23:59:59.000Z' },
        })
        .thenRefused('INSTAGRAM_CLAIM_ONCE_A_MONTH');
      given([registered, verified, claimed])
        .when({
          type: 'ClaimInstagramPoints',
          data: { tier: 'premium', transactionId: 'u', now: '2026-04-01T00:00:00.000Z' },
        })
        .then([
          {
            type: 'InstagramPointsClaimed',
            data: {
              userId: 'user-1',
              month: '2026-04',
              tier: 'premium',
              pointsMinor: '7500',
              transactionId: 'u',
              claimedAt: '2026-04-01T00:00:00.000Z',
            },
          },
        ]);
    });
    it('a new username needs verification again; the same one (any case) changes nothing', () => {
      given([registered, verified])
        .when({ type: 'RegisterInstagram', data: { instagramUsername: 'ADA', now } })
        .then([]);
      given([registered, verified])
        .when({ type: 'RegisterInstagram', data: { instagramUsername: 'bob', now } })
        .then([
          {
            type: 'InstagramAccountRegistered',
            data: { userId: 'user-1', instagramUsername: 'bob', registeredAt: now },
          },
        ]);
      given()
        .when({ type: 'VerifyInstagram', data: { verifiedBy: 'admin', now } })
        .thenRefused('INSTAGRAM_MUST_BE_REGISTERED');
      given([registered])
        .when({ type: 'VerifyInstagram', data: { expectedUsername: 'bob', verifiedBy: 'admin', now } })
        .thenRefused('INSTAGRAM_USERNAME_MUST_MATCH');
    });
  });

  describe('influence rewards', () => {
    const registration = {
      fullName: 'Ada',
      platform: 'instagram',
      platformUsername: 'ada',
      phoneNumber: '+1 555 0100',
      email: 'a@example.com',
    };
    const registered = (followerCount: number): RewardsEvent => ({
      type: 'InfluenceRewardsRegistered',
      data: { userId: 'user-1', ...registration, followerCount, month: '2026-03', registeredAt: now },
    });
    const verifiedAt = (
      verifiedFollowerCount: number,
      monthlyPointsMinor: string,
      declaredFollowerCount = 5_000,
    ): RewardsEvent => ({
      type: 'InfluenceFollowersVerified',
      data: {
        userId: 'user-1',
        month: '2026-03',
        platform: 'instagram',
        platformUsername: 'ada',
        declaredFollowerCount,
        verifiedFollowerCount,
        monthlyPointsMinor,
        verifiedBy: 'admin:a',
        verifiedAt: now,
      },
    });

    it('registration records the declared claim only: no points in it, 500 to 100,000,000 followers', () => {
      given()
        .when({ type: 'RegisterInfluenceRewards', data: { ...registration, followerCount: 12_345, now } })
        .then([registered(12_345)]);
      given()
        .when({ type: 'RegisterInfluenceRewards', data: { ...registration, followerCount: 499, now } })
        .thenRefused('INFLUENCE_FOLLOWERS_MUST_REACH_MINIMUM');
      given()
        .when({ type: 'RegisterInfluenceRewards', data: { ...registration, followerCount: 2_000_000_000, now } })
        .thenRefused('INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM');
      given()
        .when({ type: 'RegisterInfluenceRewards', data: { ...registration, followerCount: 100_000_001, now } })
        .thenRefused('INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM');
      // The same claim again keeps its verification; a changed count is a new claim to verify.
      given([registered(5_000), verifiedAt(5_000, '500')])
        .when({ type: 'RegisterInfluenceRewards', data: { ...registration, followerCount: 5_000, now } })
        .then([]);
      given([registered(5_000), verifiedAt(5_000, '500')])
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 't', now } })
        .then([
          {
            type: 'InfluencePointsClaimed',
            data: { userId: 'user-1', month: '2026-03', pointsMinor: '500', transactionId: 't', claimedAt: now },
          },
        ]);
      given([registered(5_000), verifiedAt(5_000, '500'), registered(9_000)])
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 't', now } })
        .thenRefused('INFLUENCE_MUST_BE_VERIFIED');
    });

    it('an unverified claim pays nothing, even one written with points before verification existed', () => {
      given([registered(2_000_000)])
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 't', now } })
        .thenRefused('INFLUENCE_MUST_BE_VERIFIED');
      const legacy: RewardsEvent = {
        type: 'InfluenceRewardsRegistered',
        data: { ...registered(2_000_000).data, monthlyPointsMinor: '200000' } as never,
      };
      given([legacy])
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 't', now } })
        .thenRefused('INFLUENCE_MUST_BE_VERIFIED');
    });

    it('verification records who verified and the verified count; the points come from it, bounded by 10,000 a month', () => {
      given([registered(5_000)])
        .when({ type: 'VerifyInfluenceFollowers', data: { verifiedFollowerCount: 3_210, verifiedBy: 'admin:a', now } })
        .then([verifiedAt(3_210, '320')]);
      given([registered(5_000)])
        .when({
          type: 'VerifyInfluenceFollowers',
          data: { verifiedFollowerCount: 1_000_000, verifiedBy: 'admin:a', now },
        })
        .then([verifiedAt(1_000_000, '100000')]);
      given([registered(5_000)])
        .when({
          type: 'VerifyInfluenceFollowers',
          data: { verifiedFollowerCount: 90_000_000, verifiedBy: 'admin:a', now },
        })
        .then([verifiedAt(90_000_000, '100000')]);
      // Fewer than 500 verified followers: verified, worth nothing.
      given([registered(5_000)])
        .when({ type: 'VerifyInfluenceFollowers', data: { verifiedFollowerCount: 120, verifiedBy: 'admin:a', now } })
        .then([verifiedAt(120, '0')]);
      given([registered(5_000)])
        .when({
          type: 'VerifyInfluenceFollowers',
          data: { verifiedFollowerCount: 100_000_001, verifiedBy: 'admin:a', now },
        })
        .thenRefused('INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM');
      given([registered(5_000)])
        .when({
          type: 'VerifyInfluenceFollowers',
          data: { verifiedFollowerCount: 5_000, expectedPlatformUsername: 'bob', verifiedBy: 'admin:a', now },
        })
        .thenRefused('INFLUENCE_USERNAME_MUST_MATCH');
      given([registered(5_000)])
        .when({
          type: 'VerifyInfluenceFollowers',
          data: { verifiedFollowerCount: 5_000, expectedPlatformUsername: '@ADA', verifiedBy: 'admin:a', now },
        })
        .then([verifiedAt(5_000, '500')]);
      given()
        .when({ type: 'VerifyInfluenceFollowers', data: { verifiedFollowerCount: 5_000, verifiedBy: 'admin:a', now } })
        .thenRefused('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
      given([registered(5_000)])
        .when({
          type: 'VerifyInfluenceFollowers',
          data: { verifiedFollowerCount: 5_000, verifiedBy: 'admin:a', now: '2026-04-01T00:00:00.000Z' },
        })
        .thenRefused('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
      given([registered(5_000), verifiedAt(5_000, '500')])
        .when({ type: 'VerifyInfluenceFollowers', data: { verifiedFollowerCount: 5_000, verifiedBy: 'admin:b', now } })
        .then([]);
    });

    it('claims the verified points once in the registered month, with no rollover', () => {
      const history = [registered(5_000), verifiedAt(3_210, '320')];
      given(history)
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 't', now } })
        .then({
          events: [
            {
              type: 'InfluencePointsClaimed',
              data: { userId: 'user-1', month: '2026-03', pointsMinor: '320', transactionId: 't', claimedAt: now },
            },
          ],
          money: issued(
            {
              transactionId: 't',
              reasonCode: 'SOCIAL_ACTION_REWARD',
              description: 'Monthly influence points (2026-03)',
              references: { programme: 'influence', month: '2026-03' },
            },
            ['user-1', 320n],
          ),
        });
      given([
        ...history,
        {
          type: 'InfluencePointsClaimed',
          data: { userId: 'user-1', month: '2026-03', pointsMinor: '320', transactionId: 't', claimedAt: now },
        },
      ])
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 'u', now } })
        .thenRefused('INFLUENCE_CLAIM_ONCE_A_MONTH');
      given(history)
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 'u', now: '2026-04-02T00:00:00.000Z' } })
        .thenRefused('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
    });

    it('records a claim of a month worth 0 points, and moves no money (the ledger takes no empty transaction)', () => {
      given([registered(5_000), verifiedAt(120, '0')])
        .when({ type: 'ClaimInfluencePoints', data: { transactionId: 't', now } })
        .then({
          events: [
            {
              type: 'InfluencePointsClaimed',
              data: { userId: 'user-1', month: '2026-03', pointsMinor: '0', transactionId: 't', claimedAt: now },
            },
          ],
          money: null,
        });
    });
  });

  describe('referral', () => {
    it('pays 500 to the referrer and 250 to the referred user, once, never for the own code', () => {
      const command: RewardsCommand = {
        type: 'ApplyReferral',
        data: {
          referrerUserId: 'user-2',
          referralCode: 'ABC123',
          referrerAncestorUserIds: ['user-7'],
          transactionId: 't',
          now,
        },
      };
      const applied: RewardsEvent = {
        type: 'ReferralApplied',
        data: {
          userId: 'user-1',
          referrerUserId: 'user-2',
          referralCode: 'ABC123',
          referredPointsMinor: '2500',
          referrerPointsMinor: '5000',
          transactionId: 't',
          appliedAt: now,
        },
      };
      given()
        .when(command)
        .then({
          events: [applied],
          money: issued(
            {
              transactionId: 't',
              reasonCode: 'REFERRAL_BONUS',
              description: 'Referral bonus (code ABC123)',
              references: { referralCode: 'ABC123', referrerUserId: 'user-2', referredUserId: 'user-1' },
            },
            ['user-1', 2500n],
            ['user-2', 5000n],
          ),
        });
      given([applied]).when(command).thenRefused('REFERRAL_ONLY_ONCE');
      given()
        .when({
          type: 'ApplyReferral',
          data: {
            referrerUserId: 'user-1',
            referralCode: 'ABC123',
            referrerAncestorUserIds: [],
            transactionId: 't',
            now,
          },
        })
        .thenRefused('REFERRAL_MUST_NOT_BE_OWN_CODE');
    });

    it('refuses a code whose owner the user referred, directly or through a chain (no points go round a circle)', () => {
      // user-1 referred user-2: user-2's referrer chain is [user-1].
      given()
        .when({
          type: 'ApplyReferral',
          data: {
            referrerUserId: 'user-2',
            referralCode: 'BBB222',
            referrerAncestorUserIds: ['user-1'],
            transactionId: 't',
            now,
          },
        })
        .thenRefused('REFERRAL_MUST_NOT_FORM_A_LOOP');
      // user-1 referred user-2, who referred user-3: user-3's chain is [user-2, user-1].
      given()
        .when({
          type: 'ApplyReferral',
          data: {
            referrerUserId: 'user-3',
            referralCode: 'CCC333',
            referrerAncestorUserIds: ['user-2', 'user-1'],
            transactionId: 't',
            now,
          },
        })
        .thenRefused('REFERRAL_MUST_NOT_FORM_A_LOOP');
    });
  });
});
