import { DeciderSpecification } from '../support/decider-specification';
import type { RewardsEvent } from '@app/contracts/rewards';
import { decide, evolve, initialRewardsAccount } from '../../src/modules/rewards/domain/rewards-account';

/** Rejections by an administrator (the Approvals queue): given(events).when(command).then(events) | thenRefused. */
const { given } = DeciderSpecification.for({ decide, evolve, initialState: () => initialRewardsAccount('user-1') });

const now = '2026-03-15T10:00:00.000Z';
const later = '2026-03-16T10:00:00.000Z';
const registered: RewardsEvent = {
  type: 'InstagramAccountRegistered',
  data: { userId: 'user-1', instagramUsername: 'ada', registeredAt: now },
};
const verified: RewardsEvent = {
  type: 'InstagramAccountVerified',
  data: { userId: 'user-1', instagramUsername: 'ada', verifiedBy: 'admin:a', verifiedAt: now },
};
const rejected: RewardsEvent = {
  type: 'InstagramVerificationRejected',
  data: { userId: 'user-1', instagramUsername: 'ada', reason: 'No message', rejectedBy: 'admin:a', rejectedAt: now },
};
const influence: RewardsEvent = {
  type: 'InfluenceRewardsRegistered',
  data: {
    userId: 'user-1',
    fullName: 'Ada',
    platform: 'tiktok',
    platformUsername: 'ada',
    phoneNumber: '+1 555 0100',
    email: 'a@example.com',
    followerCount: 5_000,
    month: '2026-03',
    registeredAt: now,
  },
};
const influenceRejected: RewardsEvent = {
  type: 'InfluenceVerificationRejected',
  data: {
    userId: 'user-1',
    month: '2026-03',
    platform: 'tiktok',
    platformUsername: 'ada',
    reason: 'Too few',
    rejectedBy: 'admin:a',
    rejectedAt: now,
  },
};
const rejectInstagram = (overrides: { expectedUsername?: string; reason?: string } = {}) =>
  ({ type: 'RejectInstagram', data: { reason: 'No message', rejectedBy: 'admin:a', now, ...overrides } }) as const;
const rejectInfluence = (overrides: { expectedPlatformUsername?: string; now?: string } = {}) =>
  ({ type: 'RejectInfluence', data: { reason: 'Too few', rejectedBy: 'admin:a', now, ...overrides } }) as const;

describe('rewards account decider: rejections', () => {
  it('rejects a registered, unverified Instagram account with the reason; once', () => {
    given().when(rejectInstagram()).thenRefused('INSTAGRAM_MUST_BE_REGISTERED');
    given([registered])
      .when(rejectInstagram({ expectedUsername: 'bob' }))
      .thenRefused('INSTAGRAM_USERNAME_MUST_MATCH');
    given([registered, verified]).when(rejectInstagram()).thenRefused('INSTAGRAM_MUST_NOT_BE_VERIFIED');
    given([registered])
      .when(rejectInstagram({ expectedUsername: '@ADA' }))
      .then([rejected]);
    given([registered, rejected])
      .when(rejectInstagram({ reason: 'Another' }))
      .then([]);
  });

  it('a rejected Instagram registration cannot be claimed; registering the same username again asks for a new review', () => {
    given([registered, rejected])
      .when({ type: 'ClaimInstagramPoints', data: { tier: 'free', transactionId: 't', now } })
      .thenRefused('INSTAGRAM_MUST_BE_VERIFIED');
    given([registered, rejected])
      .when({ type: 'RegisterInstagram', data: { instagramUsername: 'ada', now: later } })
      .then([
        {
          type: 'InstagramAccountRegistered',
          data: { userId: 'user-1', instagramUsername: 'ada', registeredAt: later },
        },
      ]);
    // An administrator may still verify after a rejection (a second look found the message).
    given([registered, rejected])
      .when({ type: 'VerifyInstagram', data: { verifiedBy: 'admin:b', reason: 'Found it', now: later } })
      .then([
        {
          type: 'InstagramAccountVerified',
          data: {
            userId: 'user-1',
            instagramUsername: 'ada',
            verifiedBy: 'admin:b',
            verifiedAt: later,
            reason: 'Found it',
          },
        },
      ]);
  });

  it("rejects this month's unverified influence claim only; a rejected claim pays nothing and may be registered again", () => {
    given().when(rejectInfluence()).thenRefused('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
    given([influence])
      .when(rejectInfluence({ now: '2026-04-01T00:00:00.000Z' }))
      .thenRefused('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
    given([influence])
      .when(rejectInfluence({ expectedPlatformUsername: 'bob' }))
      .thenRefused('INFLUENCE_USERNAME_MUST_MATCH');
    const influenceVerified: RewardsEvent = {
      type: 'InfluenceFollowersVerified',
      data: {
        userId: 'user-1',
        month: '2026-03',
        platform: 'tiktok',
        platformUsername: 'ada',
        declaredFollowerCount: 5_000,
        verifiedFollowerCount: 5_000,
        monthlyPointsMinor: '500',
        verifiedBy: 'admin:a',
        verifiedAt: now,
      },
    };
    given([influence, influenceVerified]).when(rejectInfluence()).thenRefused('INFLUENCE_MUST_NOT_BE_VERIFIED');
    given([influence])
      .when(rejectInfluence({ expectedPlatformUsername: '@ada' }))
      .then([influenceRejected]);
    given([influence, influenceRejected]).when(rejectInfluence()).then([]);
    given([influence, influenceRejected])
      .when({ type: 'ClaimInfluencePoints', data: { transactionId: 't', now } })
      .thenRefused('INFLUENCE_MUST_BE_VERIFIED');
    const {
      userId: _userId,
      month: _month,
      registeredAt: _registeredAt,
      ...fields
    } = influence.data as Extract<RewardsEvent, { type: 'InfluenceRewardsRegistered' }>['data'];
    given([influence, influenceRejected])
      .when({ type: 'RegisterInfluenceRewards', data: { ...fields, now: later } })
      .then([{ type: 'InfluenceRewardsRegistered', data: { ...influence.data, registeredAt: later } }]);
  });
});
