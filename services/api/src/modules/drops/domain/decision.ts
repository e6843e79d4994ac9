import type { DropDetails, DropKind } from '@app/contracts/drops';
import type { UserTier, UserType } from '@app/contracts/identity';
import { escrowAccount, type MoneyMovement, type Posting } from '@app/contracts/ledger';
import type { AdvertiserEvent, DropEvent } from './drop-events';
import { AdvertiserState, DropState, DropTerms } from './drop';

/** A drop's pools (gems of a paid drop, keys of a move drop) are held in its own escrow account. */
export const dropEscrow = (dropId: string) => escrowAccount('drop', dropId);

/**
 * One ledger transaction a drop command decides, referenced by the drop: one posting, or several when one fact
 * moves several amounts (a deletion's refunds, a reward's multiplier bonus).
 */
export function dropMoney(
  movement: {
    dropId: string;
    transactionId: string;
    reasonCode: 'DROP_POOL_ESCROW' | 'DROP_APPLICATION' | 'DROP_REWARD';
    description: string;
    now: string;
  },
  postings: Posting[],
): MoneyMovement {
  const { dropId, ...fields } = movement;
  return { ...fields, postings, references: { dropId } };
}

export type DropCommand =
  | {
      type: 'CreateDrop';
      data: {
        dropId: string;
        creator: { userId: string; userType: UserType; tier: UserTier; name: string; avatar: string | null };
        kind: DropKind;
        details: DropDetails;
        terms: DropTerms;
        gemPoolTotalMinor: bigint;
        /**
         * Move drops: the keys to escrow from the creator for the rewards. Absent or null: key reward × max
         * participants (unlimited participants then need it named).
         */
        keyPoolTotalMinor?: bigint | null;
        transactionId: string;
        now: string;
      };
    }
  | {
      type: 'UpdateDrop';
      data: {
        dropId: string;
        callerId: string;
        /** The kind the request named (explicitly or by its flags), if any: it must be the drop's. */
        requestedKind: DropKind | null;
        details: Partial<DropDetails>;
        terms: Partial<DropTerms>;
        gemPoolTotalMinor: bigint | null;
        /** Move drops: a new key pool; absent or null: recomputed as reward × seats when either changes, else kept. */
        keyPoolTotalMinor?: bigint | null;
        transactionId: string;
        now: string;
      };
    }
  | { type: 'CloseDrop'; data: { dropId: string; callerId: string; transactionId: string; now: string } }
  | { type: 'DeleteDrop'; data: { dropId: string; callerId: string; transactionId: string; now: string } }
  | {
      type: 'ApplyToDrop';
      data: {
        applicationId: string;
        dropId: string;
        applicant: {
          userId: string;
          name: string;
          followerCount: number;
          masterKeyActivatedToday: boolean;
          keysAvailableMinor: bigint;
          pointsAvailableMinor: bigint;
        };
        message: string;
        transactionId: string;
        now: string;
      };
    }
  | { type: 'ApproveApplication'; data: { applicationId: string; callerId: string; now: string } }
  | { type: 'RejectApplication'; data: { applicationId: string; callerId: string; transactionId: string; now: string } }
  | {
      type: 'SubmitWork';
      data: {
        applicationId: string;
        callerId: string;
        submissionType: 'url' | 'text';
        submissionData: string;
        submissionNotes: string | null;
        now: string;
      };
    }
  | {
      type: 'CompleteApplication';
      data: {
        applicationId: string;
        callerId: string;
        reviewScore: number;
        /**
         * The applicant's key multiplier at `now` (shop's active boosts: 2 during a 24h Key Multiplier, else 1), a
         * whole number ≥ 1. Asked before the command is decided, so a conflict retry pays the same amount.
         */
        keyMultiplier: number;
        transactionId: string;
        now: string;
      };
    };

/** Expected refusals, written as the rule that did not hold. Mapped to HTTP in `drop-refusals.ts`. */
export type DropRefusal =
  | { code: 'CREATOR_MUST_BE_ADVERTISER' }
  | { code: 'FREE_TIER_MUST_CREATE_PROOF_DROPS_ONLY' }
  | { code: 'TIER_LIMIT_MUST_NOT_BE_EXCEEDED'; limit: number; window: 'week' | 'month'; kind: DropKind }
  | { code: 'DROP_MUST_EXIST' }
  | { code: 'CALLER_MUST_BE_CREATOR' }
  | { code: 'KIND_MUST_NOT_CHANGE' }
  | { code: 'POOL_MUST_COVER_WHAT_WAS_PAID' }
  | { code: 'KEY_POOL_MUST_BE_NAMED_FOR_UNLIMITED_SEATS' }
  | { code: 'KEY_POOL_MUST_COVER_ONE_REWARD' }
  | { code: 'KEY_POOL_MUST_COVER_WHAT_WAS_PAID_AND_PROMISED' }
  | { code: 'KEY_POOL_MUST_COVER_ANOTHER_REWARD' }
  | { code: 'DROP_MUST_BE_OPEN' }
  | { code: 'APPLICATIONS_MUST_BE_RESOLVED_BEFORE_CLOSING' }
  | { code: 'DROP_MUST_BE_ACTIVE' }
  | { code: 'APPLICANT_MUST_NOT_BE_CREATOR' }
  | { code: 'APPLICANT_MUST_APPLY_ONCE' }
  | { code: 'DROP_MUST_HAVE_A_FREE_SEAT' }
  | { code: 'APPLICANT_MUST_HAVE_ENOUGH_FOLLOWERS'; threshold: number }
  | { code: 'MASTER_KEY_MUST_BE_ACTIVATED_TODAY' }
  | { code: 'KEYS_MUST_COVER_COST'; missingMinor: bigint }
  | { code: 'POINTS_MUST_COVER_COST'; missingMinor: bigint }
  | { code: 'APPLICATION_MUST_EXIST' }
  | { code: 'CALLER_MUST_BE_APPLICANT' }
  | { code: 'APPLICATION_MUST_BE_PENDING'; action: 'approve' | 'reject' }
  | { code: 'APPLICATION_MUST_BE_APPROVED' }
  | { code: 'APPLICATION_MUST_BE_SUBMITTED' };

export type DropDecision =
  | { kind: 'accepted'; events: DropEvent[]; advertiserEvents: AdvertiserEvent[]; money: MoneyMovement | null }
  | { kind: 'refused'; refusal: DropRefusal };

export const refuse = (refusal: DropRefusal): DropDecision => ({ kind: 'refused', refusal });
export const accept = (
  events: DropEvent[],
  money: MoneyMovement | null = null,
  advertiserEvents: AdvertiserEvent[] = [],
): DropDecision => ({
  kind: 'accepted',
  events,
  advertiserEvents,
  money,
});

/**
 * The state needed to decide: the drop (every command) and, for CreateDrop, the advertiser's posting history. An
 * application command names an application; the handler loads the drop that holds it.
 */
export interface DecideState {
  drop: DropState;
  advertiser?: AdvertiserState;
}
