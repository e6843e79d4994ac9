import type { UserTier } from '@app/contracts/identity';
import { REWARDS_RULES, type RewardsEvent } from '@app/contracts/rewards';
import { utcDayOf } from './calendar';
import * as social from './instagram-and-influence';
import { POINTS_MINOR_PER_POINT, pointsGrant } from './points-grant';
import {
  initialRewardsAccount,
  type RewardsAccountState,
  type RewardsCommand,
  type RewardsCommandData,
} from './rewards-account-state';
import { accept, refuse, type RewardsDecision } from './rewards-decision';

export { influenceMonthlyPointsMinor, instagramMonthlyPointsMinor } from './instagram-and-influence';
export type { RewardsDecision, RewardsRefusal } from './rewards-decision';
export * from './rewards-account-state';

/**
 * One user's rewards account (stream `rewards-account-<userId>`): the master key, the Instagram and influence
 * programmes and the referral the user applied. `decide` is pure: time, tier, counts and ids arrive in the command,
 * so a retry after a version conflict reaches the same answer. The Instagram and influence programmes' handlers live
 * in `instagram-and-influence.ts`.
 */
export const proofDropsRequired = (tier: UserTier): number => REWARDS_RULES.proofDropsRequiredByTier[tier];

export function isMasterKeyActive(state: RewardsAccountState, now: string): boolean {
  return state.lastMasterKeyActivatedAt !== null && utcDayOf(state.lastMasterKeyActivatedAt) === utcDayOf(now);
}

export function decide(command: RewardsCommand, state: RewardsAccountState): RewardsDecision {
  switch (command.type) {
    case 'ActivateMasterKey':
      return activateMasterKey(command.data, state);
    case 'RegisterInstagram':
      return social.registerInstagram(command.data, state);
    case 'VerifyInstagram':
      return social.verifyInstagram(command.data, state);
    case 'RejectInstagram':
      return social.rejectInstagram(command.data, state);
    case 'ClaimInstagramPoints':
      return social.claimInstagramPoints(command.data, state);
    case 'RegisterInfluenceRewards':
      return social.registerInfluenceRewards(command.data, state);
    case 'VerifyInfluenceFollowers':
      return social.verifyInfluenceFollowers(command.data, state);
    case 'RejectInfluence':
      return social.rejectInfluence(command.data, state);
    case 'ClaimInfluencePoints':
      return social.claimInfluencePoints(command.data, state);
    case 'ApplyReferral':
      return applyReferral(command.data, state);
  }
}

function activateMasterKey(
  { tier, proofDropsCompletedToday, now }: RewardsCommandData<'ActivateMasterKey'>,
  state: RewardsAccountState,
): RewardsDecision {
  // Activating twice on one day changes nothing: the key already holds until midnight UTC.
  if (isMasterKeyActive(state, now)) return accept();
  const required = proofDropsRequired(tier);
  if (proofDropsCompletedToday < required) return refuse('PROOF_DROPS_MUST_REACH_REQUIREMENT');
  return accept({
    type: 'MasterKeyActivated',
    data: {
      userId: state.userId,
      utcDay: utcDayOf(now),
      tier,
      proofDropsCompleted: proofDropsCompletedToday,
      proofDropsRequired: required,
      activatedAt: now,
    },
  });
}

function applyReferral(
  { referrerUserId, referralCode, referrerAncestorUserIds, transactionId, now }: RewardsCommandData<'ApplyReferral'>,
  state: RewardsAccountState,
): RewardsDecision {
  const userId = state.userId;
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

export function evolve(state: RewardsAccountState, event: RewardsEvent): RewardsAccountState {
  switch (event.type) {
    case 'MasterKeyActivated':
      return { ...state, lastMasterKeyActivatedAt: event.data.activatedAt };
    case 'InstagramAccountRegistered':
      return social.instagramAccountRegistered(state, event.data);
    case 'InstagramAccountVerified':
      return social.instagramAccountVerified(state, event.data);
    case 'InstagramVerificationRejected':
      return social.instagramVerificationRejected(state, event.data);
    case 'InstagramPointsClaimed':
      return social.instagramPointsClaimed(state, event.data);
    case 'InfluenceRewardsRegistered':
      return social.influenceRewardsRegistered(state, event.data);
    case 'InfluenceFollowersVerified':
      return social.influenceFollowersVerified(state, event.data);
    case 'InfluenceVerificationRejected':
      return social.influenceVerificationRejected(state, event.data);
    case 'InfluencePointsClaimed':
      return social.influencePointsClaimed(state, event.data);
    case 'ReferralApplied': {
      const { referrerUserId, referralCode, appliedAt } = event.data;
      return { ...state, referral: { referrerUserId, referralCode, appliedAt } };
    }
  }
}

export const foldRewardsAccount = (userId: string, events: RewardsEvent[]): RewardsAccountState =>
  events.reduce(evolve, initialRewardsAccount(userId));

export function lastClaimedMonth(months: ReadonlySet<string>): string | null {
  return [...months].sort().at(-1) ?? null;
}
