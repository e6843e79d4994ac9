import type { UserTier } from '@app/contracts/identity';
import type { MoneyMovement } from '@app/contracts/ledger';
import { REWARDS_RULES, type RewardsEvent } from '@app/contracts/rewards';
import { utcDayOf, utcMonthOf } from './calendar';
import { pointsGrant } from './points-grant';

/**
 * One user's rewards account (stream `rewards-account-<userId>`): the master key, the Instagram and influence
 * programmes and the referral the user applied. `decide` is pure: time, tier, counts and ids arrive in the command,
 * so a retry after a version conflict reaches the same answer.
 */
/** An administrator's refusal of a registration, told to the user; a new registration clears it. */
export interface Rejection {
  reason: string;
  rejectedBy: string;
  rejectedAt: string;
}

export interface RewardsAccountState {
  userId: string;
  lastMasterKeyActivatedAt: string | null;
  instagram: { username: string; registeredAt: string; verifiedAt: string | null; rejection: Rejection | null } | null;
  instagramClaimedMonths: ReadonlySet<string>;
  /** This month's (or the last) influence registration: a declared count, paid only once verified. */
  influence: {
    platform: string;
    platformUsername: string;
    /** Declared by the user: a claim, never paid on. */
    followerCount: number;
    month: string;
    registeredAt: string;
    verification: {
      verifiedFollowerCount: number;
      monthlyPointsMinor: bigint;
      verifiedBy: string;
      verifiedAt: string;
    } | null;
    rejection: Rejection | null;
  } | null;
  influenceClaimedMonths: ReadonlySet<string>;
  referral: { referrerUserId: string; referralCode: string; appliedAt: string } | null;
}

export const initialRewardsAccount = (userId: string): RewardsAccountState => ({
  userId,
  lastMasterKeyActivatedAt: null,
  instagram: null,
  instagramClaimedMonths: new Set(),
  influence: null,
  influenceClaimedMonths: new Set(),
  referral: null,
});

export type RewardsCommand =
  | { type: 'ActivateMasterKey'; data: { tier: UserTier; proofDropsCompletedToday: number; now: string } }
  | { type: 'RegisterInstagram'; data: { instagramUsername: string; now: string } }
  | { type: 'VerifyInstagram'; data: { expectedUsername?: string; verifiedBy: string; reason?: string; now: string } }
  | { type: 'RejectInstagram'; data: { expectedUsername?: string; reason: string; rejectedBy: string; now: string } }
  | { type: 'ClaimInstagramPoints'; data: { tier: UserTier; transactionId: string; now: string } }
  | {
      type: 'RegisterInfluenceRewards';
      data: {
        fullName: string;
        platform: string;
        platformUsername: string;
        phoneNumber: string;
        email: string;
        followerCount: number;
        now: string;
      };
    }
  | {
      type: 'VerifyInfluenceFollowers';
      data: {
        verifiedFollowerCount: number;
        expectedPlatformUsername?: string;
        verifiedBy: string;
        reason?: string;
        now: string;
      };
    }
  | {
      type: 'RejectInfluence';
      data: { expectedPlatformUsername?: string; reason: string; rejectedBy: string; now: string };
    }
  | { type: 'ClaimInfluencePoints'; data: { transactionId: string; now: string } }
  | {
      type: 'ApplyReferral';
      data: {
        referrerUserId: string;
        referralCode: string;
        /**
         * Who referred the referrer, who referred them, and so on (read from their rewards streams under the referral
         * lock, so no concurrent referral is missed): the user must not be among them, or the points would go round.
         */
        referrerAncestorUserIds: readonly string[];
        transactionId: string;
        now: string;
      };
    };

/** The rule that did not hold. Mapped to HTTP answers in `rewards-errors.ts`. */
export type RewardsRefusal =
  | 'PROOF_DROPS_MUST_REACH_REQUIREMENT'
  | 'INSTAGRAM_MUST_BE_REGISTERED'
  | 'INSTAGRAM_USERNAME_MUST_MATCH'
  | 'INSTAGRAM_MUST_BE_VERIFIED'
  | 'INSTAGRAM_MUST_NOT_BE_VERIFIED'
  | 'INSTAGRAM_CLAIM_ONCE_A_MONTH'
  | 'INFLUENCE_FOLLOWERS_MUST_REACH_MINIMUM'
  | 'INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM'
  | 'INFLUENCE_USERNAME_MUST_MATCH'
  | 'INFLUENCE_MUST_BE_VERIFIED'
  | 'INFLUENCE_MUST_NOT_BE_VERIFIED'
  | 'INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH'
  | 'INFLUENCE_CLAIM_ONCE_A_MONTH'
  | 'REFERRAL_MUST_NOT_BE_OWN_CODE'
  | 'REFERRAL_MUST_NOT_FORM_A_LOOP'
  | 'REFERRAL_ONLY_ONCE';

/** `money`: the points the accepted events issue (a month's claim, a referral), in the same append; else null. */
export type RewardsDecision =
  | { kind: 'accepted'; events: RewardsEvent[]; money: MoneyMovement | null }
  | { kind: 'refused'; refusal: RewardsRefusal };

const POINTS_MINOR_PER_POINT = 10n;
const accept = (...events: RewardsEvent[]): RewardsDecision => ({ kind: 'accepted', events, money: null });
const refuse = (refusal: RewardsRefusal): RewardsDecision => ({ kind: 'refused', refusal });

type MonthlyPointsClaimed = Extract<RewardsEvent, { type: 'InstagramPointsClaimed' | 'InfluencePointsClaimed' }>;

/**
 * A once-a-month claim issues the month's points to the user as one transaction (SOCIAL_ACTION_REWARD), referenced by
 * programme and month. A month worth 0 points (an influence count verified under the minimum) pays nothing: the
 * ledger refuses empty postings.
 */
function monthlyPointsClaimed(
  claimed: MonthlyPointsClaimed,
  programme: 'instagram' | 'influence',
  description: string,
): RewardsDecision {
  const { userId, month, transactionId, claimedAt } = claimed.data;
  const pointsMinor = BigInt(claimed.data.pointsMinor);
  const money =
    pointsMinor === 0n
      ? null
      : pointsGrant({
          transactionId,
          reasonCode: 'SOCIAL_ACTION_REWARD',
          description: `${description} (${month})`,
          now: claimedAt,
          grants: [{ userId, pointsMinor }],
          references: { programme, month },
        });
  return { kind: 'accepted', events: [claimed], money };
}

export const proofDropsRequired = (tier: UserTier): number => REWARDS_RULES.proofDropsRequiredByTier[tier];
export const instagramMonthlyPointsMinor = (tier: UserTier): bigint =>
  BigInt(REWARDS_RULES.instagramMonthlyPointsByTier[tier]) * POINTS_MINOR_PER_POINT;
/**
 * floor(followers × 0.01) whole points, in minor units, bounded by `influenceMonthlyPointsMaximum`; 0 below the
 * 500-follower minimum. Paid on the VERIFIED count only (the declared one gives the estimate shown while pending).
 */
export function influenceMonthlyPointsMinor(followerCount: number): bigint {
  if (!Number.isSafeInteger(followerCount) || followerCount < REWARDS_RULES.influenceMinimumFollowers) return 0n;
  const points = BigInt(followerCount) / BigInt(REWARDS_RULES.influenceFollowersPerPoint);
  const maximum = BigInt(REWARDS_RULES.influenceMonthlyPointsMaximum);
  return (points < maximum ? points : maximum) * POINTS_MINOR_PER_POINT;
}

const withinFollowerBounds = (followerCount: number) =>
  Number.isSafeInteger(followerCount) && followerCount >= 0 && followerCount <= REWARDS_RULES.influenceMaximumFollowers;

export function isMasterKeyActive(state: RewardsAccountState, now: string): boolean {
  return state.lastMasterKeyActivatedAt !== null && utcDayOf(state.lastMasterKeyActivatedAt) === utcDayOf(now);
}

export function decide(command: RewardsCommand, state: RewardsAccountState): RewardsDecision {
  const userId = state.userId;
  switch (command.type) {
    case 'ActivateMasterKey': {
      const { tier, proofDropsCompletedToday, now } = command.data;
      // Activating twice on one day changes nothing: the key already holds until midnight UTC.
      if (isMasterKeyActive(state, now)) return accept();
      const required = proofDropsRequired(tier);
      if (proofDropsCompletedToday < required) return refuse('PROOF_DROPS_MUST_REACH_REQUIREMENT');
      return accept({
        type: 'MasterKeyActivated',
        data: {
          userId,
          utcDay: utcDayOf(now),
          tier,
          proofDropsCompleted: proofDropsCompletedToday,
          proofDropsRequired: required,
          activatedAt: now,
        },
      });
    }
    case 'RegisterInstagram': {
      const { instagramUsername, now } = command.data;
      // The same username again changes nothing, unless it was rejected: then it is a new request for review.
      if (
        state.instagram &&
        !state.instagram.rejection &&
        state.instagram.username.toLowerCase() === instagramUsername.toLowerCase()
      )
        return accept();
      return accept({ type: 'InstagramAccountRegistered', data: { userId, instagramUsername, registeredAt: now } });
    }
    case 'VerifyInstagram': {
      const { expectedUsername, verifiedBy, now } = command.data;
      if (!state.instagram) return refuse('INSTAGRAM_MUST_BE_REGISTERED');
      if (
        expectedUsername !== undefined &&
        expectedUsername.replace(/^@/, '').toLowerCase() !== state.instagram.username.toLowerCase()
      ) {
        return refuse('INSTAGRAM_USERNAME_MUST_MATCH');
      }
      if (state.instagram.verifiedAt) return accept();
      return accept({
        type: 'InstagramAccountVerified',
        data: {
          userId,
          instagramUsername: state.instagram.username,
          verifiedBy,
          verifiedAt: now,
          ...(command.data.reason ? { reason: command.data.reason } : {}),
        },
      });
    }
    case 'RejectInstagram': {
      const { expectedUsername, reason, rejectedBy, now } = command.data;
      if (!state.instagram) return refuse('INSTAGRAM_MUST_BE_REGISTERED');
      if (
        expectedUsername !== undefined &&
        expectedUsername.replace(/^@/, '').toLowerCase() !== state.instagram.username.toLowerCase()
      ) {
        return refuse('INSTAGRAM_USERNAME_MUST_MATCH');
      }
      if (state.instagram.verifiedAt) return refuse('INSTAGRAM_MUST_NOT_BE_VERIFIED');
      // Rejected already: the first reason stands.
      if (state.instagram.rejection) return accept();
      return accept({
        type: 'InstagramVerificationRejected',
        data: { userId, instagramUsername: state.instagram.username, reason, rejectedBy, rejectedAt: now },
      });
    }
    case 'ClaimInstagramPoints': {
      const { tier, transactionId, now } = command.data;
      if (!state.instagram) return refuse('INSTAGRAM_MUST_BE_REGISTERED');
      if (!state.instagram.verifiedAt) return refuse('INSTAGRAM_MUST_BE_VERIFIED');
      const month = utcMonthOf(now);
      if (state.instagramClaimedMonths.has(month)) return refuse('INSTAGRAM_CLAIM_ONCE_A_MONTH');
      return monthlyPointsClaimed(
        {
          type: 'InstagramPointsClaimed',
          data: {
            userId,
            month,
            tier,
            pointsMinor: instagramMonthlyPointsMinor(tier).toString(),
            transactionId,
            claimedAt: now,
          },
        },
        'instagram',
        'Monthly Instagram points',
      );
    }
    case 'RegisterInfluenceRewards': {
      const { now, ...fields } = command.data;
      if (!withinFollowerBounds(fields.followerCount)) return refuse('INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM');
      if (fields.followerCount < REWARDS_RULES.influenceMinimumFollowers)
        return refuse('INFLUENCE_FOLLOWERS_MUST_REACH_MINIMUM');
      const month = utcMonthOf(now);
      const current = state.influence;
      // The same claim again this month changes nothing (and keeps its verification); any change is a new claim,
      // which needs verifying again, like a new Instagram username.
      if (
        current &&
        !current.rejection &&
        current.month === month &&
        current.platform === fields.platform &&
        current.platformUsername.toLowerCase() === fields.platformUsername.toLowerCase() &&
        current.followerCount === fields.followerCount
      ) {
        return accept();
      }
      // Registration records the claim only: no points until an administrator verifies the count.
      return accept({ type: 'InfluenceRewardsRegistered', data: { userId, ...fields, month, registeredAt: now } });
    }
    case 'VerifyInfluenceFollowers': {
      const { verifiedFollowerCount, expectedPlatformUsername, verifiedBy, now } = command.data;
      const month = utcMonthOf(now);
      const current = state.influence;
      if (!current || current.month !== month) return refuse('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
      if (
        expectedPlatformUsername !== undefined &&
        expectedPlatformUsername.replace(/^@/, '').toLowerCase() !==
          current.platformUsername.replace(/^@/, '').toLowerCase()
      ) {
        return refuse('INFLUENCE_USERNAME_MUST_MATCH');
      }
      if (!withinFollowerBounds(verifiedFollowerCount)) return refuse('INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM');
      if (current.verification?.verifiedFollowerCount === verifiedFollowerCount) return accept();
      return accept({
        type: 'InfluenceFollowersVerified',
        data: {
          userId,
          month,
          platform: current.platform,
          platformUsername: current.platformUsername,
          declaredFollowerCount: current.followerCount,
          verifiedFollowerCount,
          monthlyPointsMinor: influenceMonthlyPointsMinor(verifiedFollowerCount).toString(),
          verifiedBy,
          verifiedAt: now,
          ...(command.data.reason ? { reason: command.data.reason } : {}),
        },
      });
    }
    case 'RejectInfluence': {
      const { expectedPlatformUsername, reason, rejectedBy, now } = command.data;
      const current = state.influence;
      if (!current || current.month !== utcMonthOf(now)) return refuse('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
      if (
        expectedPlatformUsername !== undefined &&
        expectedPlatformUsername.replace(/^@/, '').toLowerCase() !==
          current.platformUsername.replace(/^@/, '').toLowerCase()
      ) {
        return refuse('INFLUENCE_USERNAME_MUST_MATCH');
      }
      if (current.verification) return refuse('INFLUENCE_MUST_NOT_BE_VERIFIED');
      if (current.rejection) return accept();
      return accept({
        type: 'InfluenceVerificationRejected',
        data: {
          userId,
          month: current.month,
          platform: current.platform,
          platformUsername: current.platformUsername,
          reason,
          rejectedBy,
          rejectedAt: now,
        },
      });
    }
    case 'ClaimInfluencePoints': {
      const { transactionId, now } = command.data;
      const month = utcMonthOf(now);
      // No rollover: each month needs its own registration and verification; the points are the verified count's.
      if (!state.influence || state.influence.month !== month) return refuse('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
      if (state.influenceClaimedMonths.has(month)) return refuse('INFLUENCE_CLAIM_ONCE_A_MONTH');
      if (!state.influence.verification) return refuse('INFLUENCE_MUST_BE_VERIFIED');
      return monthlyPointsClaimed(
        {
          type: 'InfluencePointsClaimed',
          data: {
            userId,
            month,
            pointsMinor: state.influence.verification.monthlyPointsMinor.toString(),
            transactionId,
            claimedAt: now,
          },
        },
        'influence',
        'Monthly influence points',
      );
    }
    case 'ApplyReferral': {
      const { referrerUserId, referralCode, referrerAncestorUserIds, transactionId, now } = command.data;
      if (referrerUserId === userId) return refuse('REFERRAL_MUST_NOT_BE_OWN_CODE');
      if (state.referral) return refuse('REFERRAL_ONLY_ONCE');
      // A referred by B after B was referred by A (or through C) would pay 750 points around a circle each time.
      if (referrerAncestorUserIds.includes(userId)) return refuse('REFERRAL_MUST_NOT_FORM_A_LOOP');
      const referredPointsMinor = BigInt(REWARDS_RULES.referredPoints) * POINTS_MINOR_PER_POINT;
      const referrerPointsMinor = BigInt(REWARDS_RULES.referrerPoints) * POINTS_MINOR_PER_POINT;
      return {
        kind: 'accepted',
        events: [
          {
            type: 'ReferralApplied',
            data: {
              userId,
              referrerUserId,
              referralCode,
              referredPointsMinor: referredPointsMinor.toString(),
              referrerPointsMinor: referrerPointsMinor.toString(),
              transactionId,
              appliedAt: now,
            },
          },
        ],
        // Both bonuses in one transaction (REFERRAL_BONUS), committed with the event: paid once or not at all.
        money: pointsGrant({
          transactionId,
          reasonCode: 'REFERRAL_BONUS',
          description: `Referral bonus (code ${referralCode})`,
          now,
          grants: [
            { userId, pointsMinor: referredPointsMinor },
            { userId: referrerUserId, pointsMinor: referrerPointsMinor },
          ],
          references: { referralCode, referrerUserId, referredUserId: userId },
        }),
      };
    }
  }
}

export function evolve(state: RewardsAccountState, event: RewardsEvent): RewardsAccountState {
  switch (event.type) {
    case 'MasterKeyActivated':
      return { ...state, lastMasterKeyActivatedAt: event.data.activatedAt };
    case 'InstagramAccountRegistered':
      return {
        ...state,
        instagram: {
          username: event.data.instagramUsername,
          registeredAt: event.data.registeredAt,
          verifiedAt: null,
          rejection: null,
        },
      };
    case 'InstagramAccountVerified':
      return state.instagram
        ? { ...state, instagram: { ...state.instagram, verifiedAt: event.data.verifiedAt, rejection: null } }
        : state;
    case 'InstagramVerificationRejected': {
      const { reason, rejectedBy, rejectedAt } = event.data;
      return state.instagram
        ? { ...state, instagram: { ...state.instagram, rejection: { reason, rejectedBy, rejectedAt } } }
        : state;
    }
    case 'InstagramPointsClaimed':
      return { ...state, instagramClaimedMonths: new Set([...state.instagramClaimedMonths, event.data.month]) };
    case 'InfluenceRewardsRegistered':
      // A registration written before verification existed carries points computed from the declared count; they
      // are ignored: that registration, like every new one, pays only after a verification.
      return {
        ...state,
        influence: {
          platform: event.data.platform,
          platformUsername: event.data.platformUsername,
          followerCount: event.data.followerCount,
          month: event.data.month,
          registeredAt: event.data.registeredAt,
          verification: null,
          rejection: null,
        },
      };
    case 'InfluenceFollowersVerified':
      return state.influence && state.influence.month === event.data.month
        ? {
            ...state,
            influence: {
              ...state.influence,
              verification: {
                verifiedFollowerCount: event.data.verifiedFollowerCount,
                monthlyPointsMinor: BigInt(event.data.monthlyPointsMinor),
                verifiedBy: event.data.verifiedBy,
                verifiedAt: event.data.verifiedAt,
              },
              rejection: null,
            },
          }
        : state;
    case 'InfluenceVerificationRejected': {
      const { reason, rejectedBy, rejectedAt } = event.data;
      return state.influence && state.influence.month === event.data.month
        ? { ...state, influence: { ...state.influence, rejection: { reason, rejectedBy, rejectedAt } } }
        : state;
    }
    case 'InfluencePointsClaimed':
      return { ...state, influenceClaimedMonths: new Set([...state.influenceClaimedMonths, event.data.month]) };
    case 'ReferralApplied':
      return {
        ...state,
        referral: {
          referrerUserId: event.data.referrerUserId,
          referralCode: event.data.referralCode,
          appliedAt: event.data.appliedAt,
        },
      };
  }
}

export const foldRewardsAccount = (userId: string, events: RewardsEvent[]): RewardsAccountState =>
  events.reduce(evolve, initialRewardsAccount(userId));

export function lastClaimedMonth(months: ReadonlySet<string>): string | null {
  return [...months].sort().at(-1) ?? null;
}
