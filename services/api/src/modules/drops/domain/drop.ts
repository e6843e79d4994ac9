import type { DropDetails, DropKind } from '@app/contracts/drops';
import type { UserTier } from '@app/contracts/identity';
import { TIER_INVENTORY, inventoryPeriodStart } from '@app/contracts/advertisers';
import type { AdvertiserEvent, DropEvent } from './drop-events';

/**
 * The drop aggregate: a drop and every application to it live on one stream, so capacity, one application per user,
 * the pool and every status change are decided against one version (parallel writers are serialised by the append's
 * expected version). Pure: time, ids and outside facts (balances, master key, followers, tier) come in the command.
 */

export type ApplicationStatus = 'pending' | 'approved' | 'rejected' | 'submitted' | 'completed' | 'paid';

export interface ApplicationState {
  applicationId: string;
  dropId: string;
  applicantUserId: string;
  applicantName: string;
  message: string;
  status: ApplicationStatus;
  costCurrency: 'keys' | 'points' | null;
  costMinor: bigint;
  submission: { type: 'url' | 'text'; data: string; notes: string | null } | null;
  reviewScore: number | null;
  gemsEarnedMinor: bigint;
  keysEarnedMinor: bigint;
  appliedAt: string;
  approvedAt: string | null;
  rejectedAt: string | null;
  submittedAt: string | null;
  completedAt: string | null;
  paidAt: string | null;
  updatedAt: string;
}

export interface DropTerms {
  keyCostMinor: bigint;
  gemRewardBaseMinor: bigint;
  moveCostPointsMinor: bigint;
  keyRewardAmountMinor: bigint;
}

export interface DropState {
  dropId: string;
  exists: boolean;
  deleted: boolean;
  closed: boolean;
  creatorId: string;
  creatorName: string;
  creatorAvatar: string | null;
  kind: DropKind;
  details: DropDetails;
  terms: DropTerms;
  gemPoolTotalMinor: bigint;
  gemPoolRemainingMinor: bigint;
  gemsPaidMinor: bigint;
  /**
   * Move drops: keys escrowed from the creator for the rewards (`escrow:drop:<id>`), and what is left of them. A
   * reward is paid out of what is left, never beyond it; closing or deleting returns the rest.
   */
  keyPoolTotalMinor: bigint;
  keyPoolRemainingMinor: bigint;
  isDemo: boolean;
  /** Applications holding a seat (every one not rejected). */
  seatsTaken: number;
  totalApplications: number;
  applications: Record<string, ApplicationState>;
  createdAt: string;
  updatedAt: string;
}

export const EMPTY_DETAILS: DropDetails = Object.freeze({
  title: '',
  description: '',
  category: 'content_clipping',
  difficulty: 'easy',
  platform: null,
  contentUrl: null,
  previewImage: null,
  requirements: null,
  deliverables: null,
  timeCommitment: null,
  deadlineAt: null,
  maxParticipants: null,
  followerThreshold: 0,
});

export function initialDropState(dropId: string): DropState {
  return {
    dropId,
    exists: false,
    deleted: false,
    closed: false,
    creatorId: '',
    creatorName: '',
    creatorAvatar: null,
    kind: 'proof',
    details: EMPTY_DETAILS,
    terms: { keyCostMinor: 0n, gemRewardBaseMinor: 0n, moveCostPointsMinor: 0n, keyRewardAmountMinor: 0n },
    gemPoolTotalMinor: 0n,
    gemPoolRemainingMinor: 0n,
    gemsPaidMinor: 0n,
    keyPoolTotalMinor: 0n,
    keyPoolRemainingMinor: 0n,
    isDemo: false,
    seatsTaken: 0,
    totalApplications: 0,
    applications: {},
    createdAt: '',
    updatedAt: '',
  };
}

/** Demo drops (title or description mentions demo) award nothing real (spec 2 §5). */
export function isDemoDrop(details: Pick<DropDetails, 'title' | 'description'>): boolean {
  return /demo/i.test(details.title) || /demo/i.test(details.description);
}

const termsFromPayload = (terms: {
  keyCostMinor: string;
  gemRewardBaseMinor: string;
  moveCostPointsMinor: string;
  keyRewardAmountMinor: string;
}): DropTerms => ({
  keyCostMinor: BigInt(terms.keyCostMinor),
  gemRewardBaseMinor: BigInt(terms.gemRewardBaseMinor),
  moveCostPointsMinor: BigInt(terms.moveCostPointsMinor),
  keyRewardAmountMinor: BigInt(terms.keyRewardAmountMinor),
});

export const termsToPayload = (terms: DropTerms) => ({
  keyCostMinor: terms.keyCostMinor.toString(),
  gemRewardBaseMinor: terms.gemRewardBaseMinor.toString(),
  moveCostPointsMinor: terms.moveCostPointsMinor.toString(),
  keyRewardAmountMinor: terms.keyRewardAmountMinor.toString(),
});

function withApplication(
  state: DropState,
  applicationId: string,
  change: (application: ApplicationState) => ApplicationState,
): DropState {
  const application = state.applications[applicationId];
  // A fact about an application this state never saw (a projection given a partial state) changes nothing.
  if (!application) return state;
  return { ...state, applications: { ...state.applications, [applicationId]: change(application) } };
}

type DropEventData<T extends DropEvent['type']> = Extract<DropEvent, { type: T }>['data'];
/** The events about one application of the drop. */
type ApplicationEvent = Exclude<DropEvent, { type: 'DropCreated' | 'DropUpdated' | 'DropClosed' | 'DropDeleted' }>;

function dropCreated(state: DropState, data: DropEventData<'DropCreated'>): DropState {
  const pool = BigInt(data.gemPoolTotalMinor);
  return {
    ...state,
    exists: true,
    creatorId: data.creatorId,
    creatorName: data.creatorName,
    creatorAvatar: data.creatorAvatar,
    kind: data.kind,
    details: data.details,
    terms: termsFromPayload(data.terms),
    gemPoolTotalMinor: pool,
    gemPoolRemainingMinor: pool,
    keyPoolTotalMinor: BigInt(data.keyPoolTotalMinor ?? '0'),
    keyPoolRemainingMinor: BigInt(data.keyPoolTotalMinor ?? '0'),
    isDemo: data.isDemo,
    createdAt: data.createdAt,
    updatedAt: data.createdAt,
  };
}

/** Deleting declines the applications in flight: each gives its seat back. */
function dropDeleted(state: DropState, data: DropEventData<'DropDeleted'>): DropState {
  let next: DropState = {
    ...state,
    deleted: true,
    gemPoolRemainingMinor: state.gemPoolRemainingMinor - BigInt(data.poolReturnedMinor),
    keyPoolRemainingMinor: state.keyPoolRemainingMinor - BigInt(data.keyPoolReturnedMinor ?? '0'),
    updatedAt: data.deletedAt,
  };
  for (const applicationId of data.declinedApplicationIds) {
    next = withApplication(next, applicationId, (application) => ({
      ...application,
      status: 'rejected',
      rejectedAt: data.deletedAt,
      updatedAt: data.deletedAt,
    }));
  }
  return { ...next, seatsTaken: Math.max(0, next.seatsTaken - data.declinedApplicationIds.length) };
}

function applicationReceived(state: DropState, data: DropEventData<'DropApplicationReceived'>): DropState {
  const application: ApplicationState = {
    applicationId: data.applicationId,
    dropId: data.dropId,
    applicantUserId: data.applicantUserId,
    applicantName: data.applicantName,
    message: data.message,
    status: 'pending',
    costCurrency: data.costCurrency,
    costMinor: BigInt(data.costMinor),
    submission: null,
    reviewScore: null,
    gemsEarnedMinor: 0n,
    keysEarnedMinor: 0n,
    appliedAt: data.appliedAt,
    approvedAt: null,
    rejectedAt: null,
    submittedAt: null,
    completedAt: null,
    paidAt: null,
    updatedAt: data.appliedAt,
  };
  return {
    ...state,
    seatsTaken: state.seatsTaken + 1,
    totalApplications: state.totalApplications + 1,
    applications: { ...state.applications, [data.applicationId]: application },
  };
}

/** The drop's own events; those about one of its applications go to `evolveApplication`. */
export function evolve(state: DropState, event: DropEvent): DropState {
  switch (event.type) {
    case 'DropCreated':
      return dropCreated(state, event.data);
    case 'DropUpdated': {
      const data = event.data;
      return {
        ...state,
        details: data.details,
        terms: termsFromPayload(data.terms),
        gemPoolTotalMinor: BigInt(data.gemPoolTotalMinor),
        gemPoolRemainingMinor: state.gemPoolRemainingMinor + BigInt(data.poolChangeMinor),
        keyPoolTotalMinor:
          data.keyPoolTotalMinor === undefined ? state.keyPoolTotalMinor : BigInt(data.keyPoolTotalMinor),
        keyPoolRemainingMinor: state.keyPoolRemainingMinor + BigInt(data.keyPoolChangeMinor ?? '0'),
        isDemo: data.isDemo,
        updatedAt: data.updatedAt,
      };
    }
    case 'DropClosed':
      return {
        ...state,
        closed: true,
        gemPoolRemainingMinor: state.gemPoolRemainingMinor - BigInt(event.data.poolReturnedMinor),
        keyPoolRemainingMinor: state.keyPoolRemainingMinor - BigInt(event.data.keyPoolReturnedMinor ?? '0'),
        updatedAt: event.data.closedAt,
      };
    case 'DropDeleted':
      return dropDeleted(state, event.data);
    default:
      return evolveApplication(state, event);
  }
}

function evolveApplication(state: DropState, event: ApplicationEvent): DropState {
  switch (event.type) {
    case 'DropApplicationReceived':
      return applicationReceived(state, event.data);
    case 'DropApplicationApproved':
      return withApplication(state, event.data.applicationId, (application) => ({
        ...application,
        status: 'approved',
        approvedAt: event.data.approvedAt,
        updatedAt: event.data.approvedAt,
      }));
    case 'DropApplicationRejected': {
      const next = withApplication(state, event.data.applicationId, (application) => ({
        ...application,
        status: 'rejected',
        rejectedAt: event.data.rejectedAt,
        updatedAt: event.data.rejectedAt,
      }));
      // A rejected application gives its seat back.
      return { ...next, seatsTaken: Math.max(0, state.seatsTaken - 1) };
    }
    case 'DropWorkSubmitted':
      return withApplication(state, event.data.applicationId, (application) => ({
        ...application,
        status: 'submitted',
        submission: {
          type: event.data.submissionType,
          data: event.data.submissionData,
          notes: event.data.submissionNotes,
        },
        submittedAt: event.data.submittedAt,
        updatedAt: event.data.submittedAt,
      }));
    case 'DropApplicationCompleted':
      return withApplication(state, event.data.applicationId, (application) => ({
        ...application,
        status: 'completed',
        completedAt: event.data.completedAt,
        updatedAt: event.data.completedAt,
      }));
    case 'DropApplicationPaid': {
      const gems = BigInt(event.data.gemsEarnedMinor);
      const next = withApplication(state, event.data.applicationId, (application) => ({
        ...application,
        status: 'paid',
        reviewScore: event.data.reviewScore,
        gemsEarnedMinor: gems,
        keysEarnedMinor: BigInt(event.data.keysEarnedMinor),
        paidAt: event.data.paidAt,
        updatedAt: event.data.paidAt,
      }));
      return {
        ...next,
        gemPoolRemainingMinor: state.gemPoolRemainingMinor - gems,
        gemsPaidMinor: state.gemsPaidMinor + gems,
        keyPoolRemainingMinor: state.keyPoolRemainingMinor - BigInt(event.data.keysFromPoolMinor ?? '0'),
        updatedAt: event.data.paidAt,
      };
    }
    default: {
      const unknownEvent: never = event;
      throw new Error(`Unknown drop event ${(unknownEvent as { type: string }).type}`);
    }
  }
}

export const foldDrop = (dropId: string, events: readonly DropEvent[]) =>
  events.reduce(evolve, initialDropState(dropId));

/** What an advertiser has posted (for the tier limits). */
export interface AdvertiserState {
  posted: { dropId: string; kind: DropKind; postedAt: string }[];
}
export const initialAdvertiserState = (): AdvertiserState => ({ posted: [] });
export function evolveAdvertiser(state: AdvertiserState, event: AdvertiserEvent): AdvertiserState {
  return {
    posted: [...state.posted, { dropId: event.data.dropId, kind: event.data.kind, postedAt: event.data.postedAt }],
  };
}

/**
 * Spec 3 §6, from the one table the dashboard and the campaigns share (`TIER_INVENTORY`): free advertisers post proof
 * drops only (5 a calendar month); premium and super have allowances per calendar week (Monday 00:00 UTC). Move
 * drops are not counted (the spec names no limit for them).
 */
type TierDropLimits = {
  kinds: readonly DropKind[];
  window: 'week' | 'month';
  perKind: Partial<Record<DropKind, number>>;
};
function dropLimitsOf(tier: UserTier): TierDropLimits {
  const inventory = TIER_INVENTORY[tier];
  if (inventory.paidDropsPerPeriod === 0)
    return { kinds: ['proof'], window: inventory.period, perKind: { proof: inventory.proofDropsPerPeriod } };
  return {
    kinds: ['proof', 'paid', 'move'],
    window: inventory.period,
    perKind: { proof: inventory.proofDropsPerPeriod, paid: inventory.paidDropsPerPeriod },
  };
}
export const TIER_DROP_LIMITS: Readonly<Record<UserTier, TierDropLimits>> = Object.freeze({
  free: dropLimitsOf('free'),
  premium: dropLimitsOf('premium'),
  super: dropLimitsOf('super'),
});

/** Drops of this kind posted in the inventory period (UTC calendar week or month) that contains `now`. */
export function dropsPostedWithin(
  state: AdvertiserState,
  kind: DropKind,
  window: 'week' | 'month',
  now: string,
): number {
  const start = inventoryPeriodStart(window, new Date(now)).getTime();
  return state.posted.filter((posted) => posted.kind === kind && Date.parse(posted.postedAt) >= start).length;
}

/** Applications that hold a seat and may still be paid (each is promised one reward from the pool). */
export const inFlightApplications = (drop: DropState) =>
  Object.values(drop.applications).filter((application) =>
    ['pending', 'approved', 'submitted'].includes(application.status),
  );
