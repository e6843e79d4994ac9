import type { DropDetails, DropKind } from '@app/contracts/drops';
import type { UserTier, UserType } from '@app/contracts/identity';
import type { AdvertiserEvent, DropEvent } from './drop-events';
import {
  AdvertiserState,
  ApplicationState,
  DropState,
  DropTerms,
  TIER_DROP_LIMITS,
  dropsPostedWithin,
  isDemoDrop,
  termsToPayload,
} from './drop';

/** Who money moves between, in the drop's own words; the handler turns these into ledger accounts. */
export type Party = { user: string } | { dropEscrow: string } | 'burn' | 'issuance';

export interface MoneyLeg {
  from: Party;
  to: Party;
  currency: 'gems' | 'keys' | 'points';
  amountMinor: bigint;
}

/** One ledger transaction: a first leg and, when one fact moves several amounts (a deletion's refunds), more legs. */
export interface MoneyMovement extends MoneyLeg {
  transactionId: string;
  reason: 'DROP_POOL_ESCROW' | 'DROP_APPLICATION' | 'DROP_REWARD';
  description: string;
  extraLegs?: MoneyLeg[];
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
      data: { applicationId: string; callerId: string; submissionType: 'url' | 'text'; submissionData: string; submissionNotes: string | null; now: string };
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

const refuse = (refusal: DropRefusal): DropDecision => ({ kind: 'refused', refusal });
const accept = (events: DropEvent[], money: MoneyMovement | null = null, advertiserEvents: AdvertiserEvent[] = []): DropDecision => ({
  kind: 'accepted',
  events,
  advertiserEvents,
  money,
});

/** Only paid drops hold gems; proof and move drops carry no key cost, gem reward or pool (spec 2 create modal). */
export function normaliseTerms(kind: DropKind, terms: DropTerms): DropTerms {
  return {
    keyCostMinor: kind === 'paid' ? terms.keyCostMinor : 0n,
    gemRewardBaseMinor: kind === 'paid' ? terms.gemRewardBaseMinor : 0n,
    moveCostPointsMinor: kind === 'move' ? terms.moveCostPointsMinor : 0n,
    keyRewardAmountMinor: kind === 'move' ? terms.keyRewardAmountMinor : 0n,
  };
}

/**
 * The state needed to decide: the drop (every command) and, for CreateDrop, the advertiser's posting history. An
 * application command names an application; the handler loads the drop that holds it.
 */
export interface DecideState {
  drop: DropState;
  advertiser?: AdvertiserState;
}

export function decide(command: DropCommand, { drop, advertiser }: DecideState): DropDecision {
  switch (command.type) {
    case 'CreateDrop':
      return decideCreate(command.data, advertiser ?? { posted: [] });
    case 'UpdateDrop':
      return decideUpdate(command.data, drop);
    case 'CloseDrop':
    case 'DeleteDrop':
      return decideCloseOrDelete(command, drop);
    case 'ApplyToDrop':
      return decideApply(command.data, drop);
    case 'ApproveApplication':
    case 'RejectApplication':
    case 'SubmitWork':
    case 'CompleteApplication':
      return decideApplicationStep(command, drop);
    default: {
      const unknownCommand: never = command;
      throw new Error(`Unknown drop command ${(unknownCommand as { type: string }).type}`);
    }
  }
}

function decideCreate(data: Extract<DropCommand, { type: 'CreateDrop' }>['data'], advertiser: AdvertiserState): DropDecision {
  if (data.creator.userType !== 'advertiser') return refuse({ code: 'CREATOR_MUST_BE_ADVERTISER' });
  const limits = TIER_DROP_LIMITS[data.creator.tier];
  if (!limits.kinds.includes(data.kind)) return refuse({ code: 'FREE_TIER_MUST_CREATE_PROOF_DROPS_ONLY' });
  const limit = limits.perKind[data.kind];
  if (limit !== undefined && dropsPostedWithin(advertiser, data.kind, limits.window, data.now) >= limit) {
    return refuse({ code: 'TIER_LIMIT_MUST_NOT_BE_EXCEEDED', limit, window: limits.window, kind: data.kind });
  }
  const terms = normaliseTerms(data.kind, data.terms);
  const pool = data.kind === 'paid' ? data.gemPoolTotalMinor : 0n;
  const isDemo = isDemoDrop(data.details);
  // A move drop pays its key rewards out of keys its creator escrows now, never from issuance (demo drops move nothing).
  let keyPool = 0n;
  if (data.kind === 'move' && !isDemo) {
    const seats = data.details.maxParticipants;
    if ((data.keyPoolTotalMinor ?? null) === null && seats === null) return refuse({ code: 'KEY_POOL_MUST_BE_NAMED_FOR_UNLIMITED_SEATS' });
    keyPool = data.keyPoolTotalMinor ?? terms.keyRewardAmountMinor * BigInt(seats!);
    if (keyPool < terms.keyRewardAmountMinor) return refuse({ code: 'KEY_POOL_MUST_COVER_ONE_REWARD' });
  }
  let money: MoneyMovement | null = null;
  if (pool > 0n && !isDemo) {
    money = {
      transactionId: data.transactionId,
      from: { user: data.creator.userId },
      to: { dropEscrow: data.dropId },
      currency: 'gems',
      amountMinor: pool,
      reason: 'DROP_POOL_ESCROW',
      description: `Gem pool for drop ${data.details.title}`,
    };
  } else if (keyPool > 0n) {
    money = {
      transactionId: data.transactionId,
      from: { user: data.creator.userId },
      to: { dropEscrow: data.dropId },
      currency: 'keys',
      amountMinor: keyPool,
      reason: 'DROP_POOL_ESCROW',
      description: `Key pool for move drop ${data.details.title}`,
    };
  }
  return accept(
    [
      {
        type: 'DropCreated',
        data: {
          dropId: data.dropId,
          creatorId: data.creator.userId,
          creatorName: data.creator.name,
          creatorAvatar: data.creator.avatar,
          kind: data.kind,
          details: data.details,
          terms: termsToPayload(terms),
          gemPoolTotalMinor: pool.toString(),
          ...(data.kind === 'move' ? { keyPoolTotalMinor: keyPool.toString() } : {}),
          isDemo,
          poolTransactionId: money ? data.transactionId : null,
          createdAt: data.now,
        },
      },
    ],
    money,
    [{ type: 'AdvertiserDropPosted', data: { advertiserId: data.creator.userId, dropId: data.dropId, kind: data.kind, postedAt: data.now } }],
  );
}

function decideUpdate(data: Extract<DropCommand, { type: 'UpdateDrop' }>['data'], drop: DropState): DropDecision {
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
  if (data.requestedKind !== null && data.requestedKind !== drop.kind) return refuse({ code: 'KIND_MUST_NOT_CHANGE' });
  const details: DropDetails = { ...drop.details, ...data.details };
  const terms = normaliseTerms(drop.kind, { ...drop.terms, ...data.terms });
  const total = drop.kind === 'paid' && data.gemPoolTotalMinor !== null ? data.gemPoolTotalMinor : drop.gemPoolTotalMinor;
  const change = total - drop.gemPoolTotalMinor;
  if (drop.gemPoolRemainingMinor + change < 0n) return refuse({ code: 'POOL_MUST_COVER_WHAT_WAS_PAID' });
  // Demo-ness is fixed at creation: its escrow (or the lack of one) must not change under an edited title.
  const moves = change !== 0n && !drop.isDemo && !drop.closed;
  if (change !== 0n && drop.closed) return refuse({ code: 'DROP_MUST_BE_OPEN' });
  const keyPool = keyPoolAfterEdit(data, drop, details, terms);
  if (keyPool.kind === 'refused') return keyPool.refusal;
  const keyChange = keyPool.totalMinor - drop.keyPoolTotalMinor;
  if (keyChange !== 0n && drop.closed) return refuse({ code: 'DROP_MUST_BE_OPEN' });
  let money: MoneyMovement | null = null;
  if (moves) {
    money = {
      transactionId: data.transactionId,
      from: change > 0n ? { user: drop.creatorId } : { dropEscrow: drop.dropId },
      to: change > 0n ? { dropEscrow: drop.dropId } : { user: drop.creatorId },
      currency: 'gems',
      amountMinor: change > 0n ? change : -change,
      reason: 'DROP_POOL_ESCROW',
      description: `Gem pool change for drop ${details.title}`,
    };
  } else if (keyChange !== 0n) {
    money = {
      transactionId: data.transactionId,
      from: keyChange > 0n ? { user: drop.creatorId } : { dropEscrow: drop.dropId },
      to: keyChange > 0n ? { dropEscrow: drop.dropId } : { user: drop.creatorId },
      currency: 'keys',
      amountMinor: keyChange > 0n ? keyChange : -keyChange,
      reason: 'DROP_POOL_ESCROW',
      description: `Key pool change for move drop ${details.title}`,
    };
  }
  return accept(
    [
      {
        type: 'DropUpdated',
        data: {
          dropId: drop.dropId,
          details,
          terms: termsToPayload(terms),
          gemPoolTotalMinor: total.toString(),
          poolChangeMinor: change.toString(),
          ...(drop.kind === 'move' ? { keyPoolTotalMinor: keyPool.totalMinor.toString(), keyPoolChangeMinor: keyChange.toString() } : {}),
          isDemo: drop.isDemo,
          poolTransactionId: money ? data.transactionId : null,
          updatedAt: data.now,
        },
      },
    ],
    money,
  );
}

/** Applications that hold a seat and may still be paid (each is promised one reward from the pool). */
const inFlightApplications = (drop: DropState) =>
  Object.values(drop.applications).filter((application) => ['pending', 'approved', 'submitted'].includes(application.status));

/**
 * A move drop's key pool after an edit: the pool named, else the reward times the seats when the edit changes either
 * (unlimited seats keep the pool), else unchanged. What is left after the edit must still cover the reward of every
 * application in flight. Demo and legacy-free drops of other kinds hold no keys.
 */
function keyPoolAfterEdit(
  data: Extract<DropCommand, { type: 'UpdateDrop' }>['data'],
  drop: DropState,
  details: DropDetails,
  terms: DropTerms,
): { kind: 'kept'; totalMinor: bigint } | { kind: 'refused'; refusal: DropDecision } {
  if (drop.kind !== 'move' || drop.isDemo) return { kind: 'kept', totalMinor: drop.keyPoolTotalMinor };
  const rewardChanged = terms.keyRewardAmountMinor !== drop.terms.keyRewardAmountMinor;
  const seatsChanged = details.maxParticipants !== drop.details.maxParticipants;
  // A closed drop has returned its pool: editing its terms recomputes nothing (naming a pool is refused as closed).
  const seats = details.maxParticipants;
  let totalMinor = drop.keyPoolTotalMinor;
  if ((data.keyPoolTotalMinor ?? null) !== null) totalMinor = data.keyPoolTotalMinor!;
  else if ((rewardChanged || seatsChanged) && seats !== null && !drop.closed) totalMinor = terms.keyRewardAmountMinor * BigInt(seats);
  if (totalMinor === drop.keyPoolTotalMinor) return { kind: 'kept', totalMinor };
  const promisedMinor = terms.keyRewardAmountMinor * BigInt(inFlightApplications(drop).length);
  if (drop.keyPoolRemainingMinor + (totalMinor - drop.keyPoolTotalMinor) < promisedMinor) {
    return { kind: 'refused', refusal: refuse({ code: 'KEY_POOL_MUST_COVER_WHAT_WAS_PAID_AND_PROMISED' }) };
  }
  return { kind: 'kept', totalMinor };
}

function decideCloseOrDelete(command: Extract<DropCommand, { type: 'CloseDrop' | 'DeleteDrop' }>, drop: DropState): DropDecision {
  const data = command.data;
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
  const inFlight = inFlightApplications(drop);
  if (command.type === 'CloseDrop') {
    if (drop.closed) return refuse({ code: 'DROP_MUST_BE_OPEN' });
    // Closing returns the pool, so every application must have its answer first (else it could not be paid).
    if (inFlight.length > 0) return refuse({ code: 'APPLICATIONS_MUST_BE_RESOLVED_BEFORE_CLOSING' });
  }
  const remaining = drop.gemPoolRemainingMinor;
  const legs: MoneyLeg[] = [];
  if (remaining > 0n && !drop.isDemo) legs.push({ from: { dropEscrow: drop.dropId }, to: { user: drop.creatorId }, currency: 'gems', amountMinor: remaining });
  // A move drop's unpaid keys go back to its creator (the rewards of declined applications included).
  const keysRemaining = drop.keyPoolRemainingMinor;
  if (keysRemaining > 0n && !drop.isDemo) legs.push({ from: { dropEscrow: drop.dropId }, to: { user: drop.creatorId }, currency: 'keys', amountMinor: keysRemaining });
  // A deleted drop declines what is in flight and gives each applicant back what applying cost.
  if (command.type === 'DeleteDrop') {
    for (const application of inFlight) {
      if (application.costMinor > 0n && application.costCurrency) {
        legs.push({ from: 'burn', to: { user: application.applicantUserId }, currency: application.costCurrency, amountMinor: application.costMinor });
      }
    }
  }
  const money: MoneyMovement | null =
    legs.length > 0
      ? {
          ...legs[0],
          extraLegs: legs.slice(1),
          transactionId: data.transactionId,
          reason: 'DROP_POOL_ESCROW',
          description:
            command.type === 'CloseDrop'
              ? `Remaining ${drop.kind === 'move' ? 'key' : 'gem'} pool of drop ${drop.details.title} returned`
              : `Drop ${drop.details.title} deleted: remaining pool returned, application costs refunded`,
        }
      : null;
  const poolTransactionId = money ? data.transactionId : null;
  const keysReturned = drop.kind === 'move' ? { keyPoolReturnedMinor: (drop.isDemo ? 0n : keysRemaining).toString() } : {};
  const event: DropEvent =
    command.type === 'CloseDrop'
      ? { type: 'DropClosed', data: { dropId: drop.dropId, poolReturnedMinor: remaining.toString(), ...keysReturned, poolTransactionId, closedAt: data.now } }
      : {
          type: 'DropDeleted',
          data: {
            dropId: drop.dropId,
            poolReturnedMinor: remaining.toString(),
            ...keysReturned,
            poolTransactionId,
            declinedApplicationIds: inFlight.map((application) => application.applicationId),
            deletedAt: data.now,
          },
        };
  return accept([event], money);
}

/** Whether a drop takes applications at `now`: created, not deleted or closed, deadline not passed. */
export function isDropActive(drop: DropState, now: string): boolean {
  if (!drop.exists || drop.deleted || drop.closed) return false;
  return drop.details.deadlineAt === null || Date.parse(now) <= Date.parse(drop.details.deadlineAt);
}

function decideApply(data: Extract<DropCommand, { type: 'ApplyToDrop' }>['data'], drop: DropState): DropDecision {
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  if (!isDropActive(drop, data.now)) return refuse({ code: 'DROP_MUST_BE_ACTIVE' });
  const applicant = data.applicant;
  if (drop.creatorId === applicant.userId) return refuse({ code: 'APPLICANT_MUST_NOT_BE_CREATOR' });
  if (Object.values(drop.applications).some((application) => application.applicantUserId === applicant.userId)) {
    return refuse({ code: 'APPLICANT_MUST_APPLY_ONCE' });
  }
  if (drop.details.maxParticipants !== null && drop.seatsTaken >= drop.details.maxParticipants) return refuse({ code: 'DROP_MUST_HAVE_A_FREE_SEAT' });
  if (applicant.followerCount < drop.details.followerThreshold) {
    return refuse({ code: 'APPLICANT_MUST_HAVE_ENOUGH_FOLLOWERS', threshold: drop.details.followerThreshold });
  }
  let cost: { currency: 'keys' | 'points'; amountMinor: bigint } | null = null;
  if (drop.kind === 'paid') {
    if (!applicant.masterKeyActivatedToday) return refuse({ code: 'MASTER_KEY_MUST_BE_ACTIVATED_TODAY' });
    if (applicant.keysAvailableMinor < drop.terms.keyCostMinor) {
      return refuse({ code: 'KEYS_MUST_COVER_COST', missingMinor: drop.terms.keyCostMinor - applicant.keysAvailableMinor });
    }
    cost = { currency: 'keys', amountMinor: drop.terms.keyCostMinor };
  }
  if (drop.kind === 'move') {
    // Every application taken is promised one reward from the escrow: take one only while the pool covers it too.
    const promisedMinor = drop.terms.keyRewardAmountMinor * BigInt(inFlightApplications(drop).length);
    if (!drop.isDemo && drop.keyPoolRemainingMinor - promisedMinor < drop.terms.keyRewardAmountMinor) return refuse({ code: 'KEY_POOL_MUST_COVER_ANOTHER_REWARD' });
    if (applicant.pointsAvailableMinor < drop.terms.moveCostPointsMinor) {
      return refuse({ code: 'POINTS_MUST_COVER_COST', missingMinor: drop.terms.moveCostPointsMinor - applicant.pointsAvailableMinor });
    }
    cost = { currency: 'points', amountMinor: drop.terms.moveCostPointsMinor };
  }
  // Demo drops move nothing real, in either direction.
  const money: MoneyMovement | null =
    cost && cost.amountMinor > 0n && !drop.isDemo
      ? {
          transactionId: data.transactionId,
          from: { user: applicant.userId },
          to: 'burn',
          currency: cost.currency,
          amountMinor: cost.amountMinor,
          reason: 'DROP_APPLICATION',
          description: `Application to drop ${drop.details.title}`,
        }
      : null;
  return accept(
    [
      {
        type: 'DropApplicationReceived',
        data: {
          applicationId: data.applicationId,
          dropId: drop.dropId,
          applicantUserId: applicant.userId,
          applicantName: applicant.name,
          message: data.message,
          costCurrency: money ? cost!.currency : null,
          costMinor: (money ? money.amountMinor : 0n).toString(),
          costTransactionId: money ? data.transactionId : null,
          appliedAt: data.now,
        },
      },
    ],
    money,
  );
}

function decideApplicationStep(
  command: Extract<DropCommand, { type: 'ApproveApplication' | 'RejectApplication' | 'SubmitWork' | 'CompleteApplication' }>,
  drop: DropState,
): DropDecision {
  const data = command.data;
  const application: ApplicationState | undefined = drop.applications[data.applicationId];
  if (!application) return refuse({ code: 'APPLICATION_MUST_EXIST' });
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  const base = { applicationId: application.applicationId, dropId: drop.dropId };
  switch (command.type) {
    case 'ApproveApplication':
      if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
      if (application.status !== 'pending') return refuse({ code: 'APPLICATION_MUST_BE_PENDING', action: 'approve' });
      return accept([{ type: 'DropApplicationApproved', data: { ...base, approvedAt: command.data.now } }]);
    case 'RejectApplication': {
      if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
      if (application.status !== 'pending') return refuse({ code: 'APPLICATION_MUST_BE_PENDING', action: 'reject' });
      // The applicant gets back exactly what applying cost them.
      const money: MoneyMovement | null =
        application.costMinor > 0n && application.costCurrency
          ? {
              transactionId: command.data.transactionId,
              from: 'burn',
              to: { user: application.applicantUserId },
              currency: application.costCurrency,
              amountMinor: application.costMinor,
              reason: 'DROP_APPLICATION',
              description: `Refund of a rejected application to drop ${drop.details.title}`,
            }
          : null;
      return accept(
        [
          {
            type: 'DropApplicationRejected',
            data: {
              ...base,
              refundMinor: application.costMinor.toString(),
              refundTransactionId: money ? command.data.transactionId : null,
              rejectedAt: command.data.now,
            },
          },
        ],
        money,
      );
    }
    case 'SubmitWork':
      if (application.applicantUserId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_APPLICANT' });
      if (application.status !== 'approved') return refuse({ code: 'APPLICATION_MUST_BE_APPROVED' });
      return accept([
        {
          type: 'DropWorkSubmitted',
          data: {
            ...base,
            submissionType: command.data.submissionType,
            submissionData: command.data.submissionData,
            submissionNotes: command.data.submissionNotes,
            submittedAt: command.data.now,
          },
        },
      ]);
    case 'CompleteApplication': {
      if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
      if (application.status !== 'submitted') return refuse({ code: 'APPLICATION_MUST_BE_SUBMITTED' });
      const real = !drop.isDemo;
      // Never more than the pool still holds.
      const gems = drop.kind === 'paid' && real ? min(drop.terms.gemRewardBaseMinor, drop.gemPoolRemainingMinor) : 0n;
      // Move drops pay their key reward from the escrow, never more than it holds; the applicant's key multiplier
      // (spec 1 §9: 2x key earnings, bought with gold in the shop) adds its bonus from issuance, bounded by it.
      const keyMultiplier = drop.kind === 'move' && real ? wholeMultiplier(command.data.keyMultiplier) : 1;
      const keysFromPool = drop.kind === 'move' && real ? min(drop.terms.keyRewardAmountMinor, drop.keyPoolRemainingMinor) : 0n;
      const keysBonus = keysFromPool * BigInt(keyMultiplier - 1);
      const keys = keysFromPool + keysBonus;
      let money: MoneyMovement | null = null;
      if (gems > 0n) {
        money = {
          transactionId: command.data.transactionId,
          from: { dropEscrow: drop.dropId },
          to: { user: application.applicantUserId },
          currency: 'gems',
          amountMinor: gems,
          reason: 'DROP_REWARD',
          description: `Reward for drop ${drop.details.title}`,
        };
      } else if (keysFromPool > 0n) {
        money = {
          transactionId: command.data.transactionId,
          from: { dropEscrow: drop.dropId },
          to: { user: application.applicantUserId },
          currency: 'keys',
          amountMinor: keysFromPool,
          ...(keysBonus > 0n ? { extraLegs: [{ from: 'issuance' as const, to: { user: application.applicantUserId }, currency: 'keys' as const, amountMinor: keysBonus }] } : {}),
          reason: 'DROP_REWARD',
          description: keyMultiplier > 1 ? `Keys for move drop ${drop.details.title} (${keyMultiplier}x key multiplier)` : `Keys for move drop ${drop.details.title}`,
        };
      }
      return accept(
        [
          {
            type: 'DropApplicationCompleted',
            data: { ...base, applicantUserId: application.applicantUserId, dropType: drop.kind, completedAt: command.data.now },
          },
          {
            type: 'DropApplicationPaid',
            data: {
              ...base,
              applicantUserId: application.applicantUserId,
              reviewScore: command.data.reviewScore,
              gemsEarnedMinor: gems.toString(),
              keysEarnedMinor: keys.toString(),
              keyMultiplier,
              ...(drop.kind === 'move' ? { keysFromPoolMinor: keysFromPool.toString() } : {}),
              rewardTransactionId: money ? command.data.transactionId : null,
              paidAt: command.data.now,
            },
          },
        ],
        money,
      );
    }
    default: {
      const unknownCommand: never = command;
      throw new Error(`Unknown application command ${(unknownCommand as { type: string }).type}`);
    }
  }
}

const min = (left: bigint, right: bigint) => (left < right ? left : right);

/** A multiplier scales minor units of keys, so it must be a whole number ≥ 1; anything else is a caller's bug. */
function wholeMultiplier(multiplier: number): number {
  if (!Number.isSafeInteger(multiplier) || multiplier < 1) throw new Error(`Key multiplier must be a whole number ≥ 1, got ${multiplier}`);
  return multiplier;
}
