import type { UserTier } from '@app/contracts/identity';
import { REWARDS_RULES, type RewardsEvent } from '@app/contracts/rewards';
import { utcMonthOf } from './calendar';
import { POINTS_MINOR_PER_POINT, pointsGrant } from './points-grant';
import type { RewardsAccountState, RewardsCommandData, RewardsEventData } from './rewards-account-state';
import { accept, refuse, type RewardsDecision } from './rewards-decision';

/**
 * The rewards account's two monthly social programmes: Instagram (a verified account pays by tier) and influence
 * (a verified follower count pays by size). Command handlers for `decide`, event handlers for `evolve`.
 */

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

/** An administrator may name the username they checked; "@name" and "name" are the same, in any case. */
const instagramUsernameDiffers = (expectedUsername: string | undefined, registered: string) =>
  expectedUsername !== undefined && expectedUsername.replace(/^@/, '').toLowerCase() !== registered.toLowerCase();
// A declared platform username may itself start with "@": it is stripped on both sides.
const influenceUsernameDiffers = (expectedUsername: string | undefined, registered: string) =>
  expectedUsername !== undefined &&
  expectedUsername.replace(/^@/, '').toLowerCase() !== registered.replace(/^@/, '').toLowerCase();

// ---- Instagram: decide ----

export function registerInstagram(
  { instagramUsername, now }: RewardsCommandData<'RegisterInstagram'>,
  state: RewardsAccountState,
): RewardsDecision {
  // The same username again changes nothing, unless it was rejected: then it is a new request for review.
  if (
    state.instagram &&
    !state.instagram.rejection &&
    state.instagram.username.toLowerCase() === instagramUsername.toLowerCase()
  )
    return accept();
  return accept({
    type: 'InstagramAccountRegistered',
    data: { userId: state.userId, instagramUsername, registeredAt: now },
  });
}

export function verifyInstagram(
  { expectedUsername, verifiedBy, reason, now }: RewardsCommandData<'VerifyInstagram'>,
  state: RewardsAccountState,
): RewardsDecision {
  if (!state.instagram) return refuse('INSTAGRAM_MUST_BE_REGISTERED');
  if (instagramUsernameDiffers(expectedUsername, state.instagram.username)) {
    return refuse('INSTAGRAM_USERNAME_MUST_MATCH');
  }
  if (state.instagram.verifiedAt) return accept();
  return accept({
    type: 'InstagramAccountVerified',
    data: {
      userId: state.userId,
      instagramUsername: state.instagram.username,
      verifiedBy,
      verifiedAt: now,
      ...(reason ? { reason } : {}),
    },
  });
}

export function rejectInstagram(
  { expectedUsername, reason, rejectedBy, now }: RewardsCommandData<'RejectInstagram'>,
  state: RewardsAccountState,
): RewardsDecision {
  if (!state.instagram) return refuse('INSTAGRAM_MUST_BE_REGISTERED');
  if (instagramUsernameDiffers(expectedUsername, state.instagram.username)) {
    return refuse('INSTAGRAM_USERNAME_MUST_MATCH');
  }
  if (state.instagram.verifiedAt) return refuse('INSTAGRAM_MUST_NOT_BE_VERIFIED');
  // Rejected already: the first reason stands.
  if (state.instagram.rejection) return accept();
  return accept({
    type: 'InstagramVerificationRejected',
    data: {
      userId: state.userId,
      instagramUsername: state.instagram.username,
      reason,
      rejectedBy,
      rejectedAt: now,
    },
  });
}

export function claimInstagramPoints(
  { tier, transactionId, now }: RewardsCommandData<'ClaimInstagramPoints'>,
  state: RewardsAccountState,
): RewardsDecision {
  if (!state.instagram) return refuse('INSTAGRAM_MUST_BE_REGISTERED');
  if (!state.instagram.verifiedAt) return refuse('INSTAGRAM_MUST_BE_VERIFIED');
  const month = utcMonthOf(now);
  if (state.instagramClaimedMonths.has(month)) return refuse('INSTAGRAM_CLAIM_ONCE_A_MONTH');
  return monthlyPointsClaimed(
    {
      type: 'InstagramPointsClaimed',
      data: {
        userId: state.userId,
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

// ---- Influence: decide ----

export function registerInfluenceRewards(
  { now, ...fields }: RewardsCommandData<'RegisterInfluenceRewards'>,
  state: RewardsAccountState,
): RewardsDecision {
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
  return accept({
    type: 'InfluenceRewardsRegistered',
    data: { userId: state.userId, ...fields, month, registeredAt: now },
  });
}

export function verifyInfluenceFollowers(
  {
    verifiedFollowerCount,
    expectedPlatformUsername,
    verifiedBy,
    reason,
    now,
  }: RewardsCommandData<'VerifyInfluenceFollowers'>,
  state: RewardsAccountState,
): RewardsDecision {
  const month = utcMonthOf(now);
  const current = state.influence;
  if (!current || current.month !== month) return refuse('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
  if (influenceUsernameDiffers(expectedPlatformUsername, current.platformUsername)) {
    return refuse('INFLUENCE_USERNAME_MUST_MATCH');
  }
  if (!withinFollowerBounds(verifiedFollowerCount)) return refuse('INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM');
  if (current.verification?.verifiedFollowerCount === verifiedFollowerCount) return accept();
  return accept({
    type: 'InfluenceFollowersVerified',
    data: {
      userId: state.userId,
      month,
      platform: current.platform,
      platformUsername: current.platformUsername,
      declaredFollowerCount: current.followerCount,
      verifiedFollowerCount,
      monthlyPointsMinor: influenceMonthlyPointsMinor(verifiedFollowerCount).toString(),
      verifiedBy,
      verifiedAt: now,
      ...(reason ? { reason } : {}),
    },
  });
}

export function rejectInfluence(
  { expectedPlatformUsername, reason, rejectedBy, now }: RewardsCommandData<'RejectInfluence'>,
  state: RewardsAccountState,
): RewardsDecision {
  const current = state.influence;
  if (!current || current.month !== utcMonthOf(now)) return refuse('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
  if (influenceUsernameDiffers(expectedPlatformUsername, current.platformUsername)) {
    return refuse('INFLUENCE_USERNAME_MUST_MATCH');
  }
  if (current.verification) return refuse('INFLUENCE_MUST_NOT_BE_VERIFIED');
  if (current.rejection) return accept();
  return accept({
    type: 'InfluenceVerificationRejected',
    data: {
      userId: state.userId,
      month: current.month,
      platform: current.platform,
      platformUsername: current.platformUsername,
      reason,
      rejectedBy,
      rejectedAt: now,
    },
  });
}

export function claimInfluencePoints(
  { transactionId, now }: RewardsCommandData<'ClaimInfluencePoints'>,
  state: RewardsAccountState,
): RewardsDecision {
  const month = utcMonthOf(now);
  // No rollover: each month needs its own registration and verification; the points are the verified count's.
  if (!state.influence || state.influence.month !== month) return refuse('INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH');
  if (state.influenceClaimedMonths.has(month)) return refuse('INFLUENCE_CLAIM_ONCE_A_MONTH');
  if (!state.influence.verification) return refuse('INFLUENCE_MUST_BE_VERIFIED');
  return monthlyPointsClaimed(
    {
      type: 'InfluencePointsClaimed',
      data: {
        userId: state.userId,
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

// ---- Instagram: evolve ----

export const instagramAccountRegistered = (
  state: RewardsAccountState,
  { instagramUsername, registeredAt }: RewardsEventData<'InstagramAccountRegistered'>,
): RewardsAccountState => ({
  ...state,
  instagram: { username: instagramUsername, registeredAt, verifiedAt: null, rejection: null },
});

export const instagramAccountVerified = (
  state: RewardsAccountState,
  { verifiedAt }: RewardsEventData<'InstagramAccountVerified'>,
): RewardsAccountState =>
  state.instagram ? { ...state, instagram: { ...state.instagram, verifiedAt, rejection: null } } : state;

export const instagramVerificationRejected = (
  state: RewardsAccountState,
  { reason, rejectedBy, rejectedAt }: RewardsEventData<'InstagramVerificationRejected'>,
): RewardsAccountState =>
  state.instagram
    ? { ...state, instagram: { ...state.instagram, rejection: { reason, rejectedBy, rejectedAt } } }
    : state;

export const instagramPointsClaimed = (
  state: RewardsAccountState,
  { month }: RewardsEventData<'InstagramPointsClaimed'>,
): RewardsAccountState => ({ ...state, instagramClaimedMonths: new Set([...state.instagramClaimedMonths, month]) });

// ---- Influence: evolve ----

// A registration written before verification existed carries points computed from the declared count; they
// are ignored: that registration, like every new one, pays only after a verification.
export const influenceRewardsRegistered = (
  state: RewardsAccountState,
  { platform, platformUsername, followerCount, month, registeredAt }: RewardsEventData<'InfluenceRewardsRegistered'>,
): RewardsAccountState => ({
  ...state,
  influence: { platform, platformUsername, followerCount, month, registeredAt, verification: null, rejection: null },
});

export const influenceFollowersVerified = (
  state: RewardsAccountState,
  {
    month,
    verifiedFollowerCount,
    monthlyPointsMinor,
    verifiedBy,
    verifiedAt,
  }: RewardsEventData<'InfluenceFollowersVerified'>,
): RewardsAccountState =>
  state.influence && state.influence.month === month
    ? {
        ...state,
        influence: {
          ...state.influence,
          verification: {
            verifiedFollowerCount,
            monthlyPointsMinor: BigInt(monthlyPointsMinor),
            verifiedBy,
            verifiedAt,
          },
          rejection: null,
        },
      }
    : state;

export const influenceVerificationRejected = (
  state: RewardsAccountState,
  { month, reason, rejectedBy, rejectedAt }: RewardsEventData<'InfluenceVerificationRejected'>,
): RewardsAccountState =>
  state.influence && state.influence.month === month
    ? { ...state, influence: { ...state.influence, rejection: { reason, rejectedBy, rejectedAt } } }
    : state;

export const influencePointsClaimed = (
  state: RewardsAccountState,
  { month }: RewardsEventData<'InfluencePointsClaimed'>,
): RewardsAccountState => ({ ...state, influenceClaimedMonths: new Set([...state.influenceClaimedMonths, month]) });
