import type { StoredEvent } from '@app/event-store';
import {
  DropApplicationCompletedSchema,
  DropClosedSchema,
  DropCreatedSchema,
  DropDeletedSchema,
  DropUpdatedSchema,
  DROP_APPLICATION_COMPLETED,
} from '@app/contracts/drops';
import { UserRegisteredSchema } from '@app/contracts/identity';
import type { ReasonCode } from '@app/contracts/ledger';
import { readTransactionCopy, userIdOfStream } from '../ledger';

/**
 * The pure half of the platform statistics projection: what one stored event changes. The handler only writes
 * these changes, so the rules live (and are tested) here.
 */

export const PLATFORM_COUNTERS = [
  'members',
  'drop_applications_completed',
  'points_paid_out_minor',
  'gems_paid_out_minor',
  'keys_converted_minor',
] as const;
export type PlatformCounter = (typeof PLATFORM_COUNTERS)[number];

export type PlatformStatsChange =
  /** `userId`: the user whose ledger activity this counts (left out when that user is a demo sandbox). */
  | { kind: 'counter'; counter: PlatformCounter; amount: bigint; userId?: string }
  /** A demo sandbox registered: none of its ledger activity counts (the handler remembers it). */
  | { kind: 'demo_user'; userId: string }
  /** A drop takes applications until it is closed or deleted, and until its deadline (null: none). */
  | { kind: 'drop_opened'; dropId: string; deadlineAt: string | null }
  /** An edit moves the deadline but never reopens a closed drop. */
  | { kind: 'drop_deadline_changed'; dropId: string; deadlineAt: string | null }
  | { kind: 'drop_closed'; dropId: string }
  /** Rewards one transaction paid the stream's user, remembered so that a reversal can take them back out. */
  | { kind: 'reward_paid'; transactionId: string; userId: string; pointsMinor: bigint; gemsMinor: bigint }
  /** A reversal mirrors its original exactly: whatever that transaction paid this user as a reward no longer counts. */
  | { kind: 'reward_reversed'; reversedTransactionId: string; userId: string };

/**
 * Rewards the platform pays: an allow-list, because other credits to a user are not payouts (welcome grants, demo
 * top-ups, conversions, refunds of application costs under DROP_APPLICATION, reversals, manual adjustments).
 * A reversed reward is taken back out (see `reward_reversed`).
 */
export const PAYOUT_REASONS: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'DROP_REWARD',
  'SOCIAL_ACTION_REWARD',
  'REFERRAL_BONUS',
  'ACHIEVEMENT_REWARD',
  'STAKING_REWARD',
]);

export const PLATFORM_STATS_EVENT_TYPES = [
  'UserRegistered',
  'LedgerTransactionPosted',
  'DropCreated',
  'DropUpdated',
  'DropClosed',
  'DropDeleted',
  DROP_APPLICATION_COMPLETED,
] as const;

/** The changes one event makes; an unreadable payload changes nothing (the caller logs it). */
export function platformStatsChanges(
  stored: Pick<StoredEvent, 'type' | 'streamId' | 'data'>,
): PlatformStatsChange[] | 'unreadable' {
  switch (stored.type) {
    case 'UserRegistered': {
      const parsed = UserRegisteredSchema.safeParse(stored.data);
      if (!parsed.success) return 'unreadable';
      // Demo sandboxes (one per demo login) are not members.
      return (parsed.data.isDemo ?? parsed.data.demoPersona !== null)
        ? [{ kind: 'demo_user', userId: parsed.data.userId }]
        : [{ kind: 'counter', counter: 'members', amount: 1n }];
    }
    case DROP_APPLICATION_COMPLETED:
      // The drop aggregate emits it once per application (its status moves on, so a second completion is refused).
      return DropApplicationCompletedSchema.safeParse(stored.data).success
        ? [{ kind: 'counter', counter: 'drop_applications_completed', amount: 1n }]
        : 'unreadable';
    case 'DropCreated': {
      const parsed = DropCreatedSchema.safeParse(stored.data);
      if (!parsed.success) return 'unreadable';
      // Demo drops (the ones seeded into demo sandboxes among them) are not live activity.
      return parsed.data.isDemo
        ? []
        : [{ kind: 'drop_opened', dropId: parsed.data.dropId, deadlineAt: parsed.data.details.deadlineAt }];
    }
    case 'DropUpdated': {
      const parsed = DropUpdatedSchema.safeParse(stored.data);
      return parsed.success
        ? [{ kind: 'drop_deadline_changed', dropId: parsed.data.dropId, deadlineAt: parsed.data.details.deadlineAt }]
        : 'unreadable';
    }
    case 'DropClosed': {
      const parsed = DropClosedSchema.safeParse(stored.data);
      return parsed.success ? [{ kind: 'drop_closed', dropId: parsed.data.dropId }] : 'unreadable';
    }
    case 'DropDeleted': {
      const parsed = DropDeletedSchema.safeParse(stored.data);
      return parsed.success ? [{ kind: 'drop_closed', dropId: parsed.data.dropId }] : 'unreadable';
    }
    case 'LedgerTransactionPosted':
      return ledgerChanges(stored);
    default:
      return [];
  }
}

/**
 * A transaction touching several users is recorded once per user stream; counting only the legs of the copy's own
 * user (`legsForStreamCopy`) counts every credit exactly once. Transactions without a user (journal copies) pay no one.
 */
function ledgerChanges(stored: Pick<StoredEvent, 'type' | 'streamId' | 'data'>): PlatformStatsChange[] | 'unreadable' {
  if (userIdOfStream(stored.streamId) === null) return [];
  const copy = readTransactionCopy(stored);
  if (copy === 'unreadable') return 'unreadable';
  if (copy === null || copy.ownerUserId === null) return [];
  const userId = copy.ownerUserId;
  const { reasonCode, transactionId, reversesTransactionId } = copy.transaction;
  if (reasonCode === 'REVERSAL')
    return reversesTransactionId
      ? [{ kind: 'reward_reversed', reversedTransactionId: reversesTransactionId, userId }]
      : [];
  let pointsMinor = 0n;
  let gemsMinor = 0n;
  let keysMinor = 0n;
  for (const leg of copy.legs) {
    if (leg.userId === null || leg.side !== 'credit') continue;
    // A user paying another user (a tip) moves money around; a payout comes from a system or escrow account.
    if (PAYOUT_REASONS.has(reasonCode) && leg.counterpartyUserId === null) {
      if (leg.currency === 'points') pointsMinor += leg.amountMinor;
      if (leg.currency === 'gems') gemsMinor += leg.amountMinor;
    }
    if (reasonCode === 'CONVERSION' && leg.currency === 'keys') keysMinor += leg.amountMinor;
  }
  const changes: PlatformStatsChange[] = [];
  if (pointsMinor > 0n || gemsMinor > 0n)
    changes.push({ kind: 'reward_paid', transactionId, userId, pointsMinor, gemsMinor });
  if (keysMinor > 0n) changes.push({ kind: 'counter', counter: 'keys_converted_minor', amount: keysMinor, userId });
  return changes;
}
