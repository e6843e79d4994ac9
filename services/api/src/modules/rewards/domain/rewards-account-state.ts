import type { UserTier } from '@app/contracts/identity';
import type { RewardsEvent } from '@app/contracts/rewards';

// The rewards account's state and commands, apart from `decide`/`evolve` so that the programme handlers
// (`instagram-and-influence.ts`) and the account (`rewards-account.ts`) build on them without importing each
// other.

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

/** The payload of one command type, as its handler receives it. */
export type RewardsCommandData<Type extends RewardsCommand['type']> = Extract<RewardsCommand, { type: Type }>['data'];
/** The payload of one event type, as its `evolve` handler receives it. */
export type RewardsEventData<Type extends RewardsEvent['type']> = Extract<RewardsEvent, { type: Type }>['data'];
