import {
  ENGAGEMENT_DAILY_CAPS,
  ENGAGEMENT_SHARES_PER_ACTION_BY_TYPE,
  POINTS_ONCE_PER_ITEM,
  externalMoveReward,
  socialActionPointsMinor,
  type EngagementEvent,
  type SocialActionType,
} from '@app/contracts/engagement';
import type { UserTier } from '@app/contracts/identity';
import { SYSTEM_ACCOUNTS, userAccount, type MoneyMovement, type Posting } from '@app/contracts/ledger';
import type { ContentPoolState, DailyState, UserContentState } from './state';

export type SocialRefusal =
  | 'CONTENT_ARCHIVED'
  | 'ALREADY_LIKED'
  | 'ALREADY_SAVED'
  | 'MOVE_ALREADY_RECORDED'
  | 'DAILY_MOVES_REACHED'
  | 'NOT_SAVED';

export interface ContentFacts {
  creatorId: string;
  /** The creator is a demo sandbox: engagement across sandbox and real accounts pays nothing. */
  creatorIsDemo: boolean;
  status: 'active' | 'archived';
  isDemo: boolean;
  engagementSharesTotal: number;
}

export interface SocialState {
  userContent: UserContentState;
  pool: ContentPoolState;
  /** The user's UTC day so far (an inline row, `engagement_daily_rewards`, not a stream: see `dailyAfter`). */
  daily: DailyState;
}

/** Events per stream, the user's day after it, the points and keys minted (the money, if any) and the shares given. */
export interface SocialDecision {
  kind: 'accepted';
  userContentEvents: EngagementEvent[];
  poolEvents: EngagementEvent[];
  /**
   * The user's day after this action, written to its inline row with the events. The day is not a stream of its own:
   * every point it counts is in the action's own event and in the ledger's posting, so a third event per action only
   * repeated them (README, Streams).
   */
  dailyAfter: DailyState;
  pointsMinor: bigint;
  /** The day's cap withheld some or all of the points the action's rate gives (the answer says so). */
  dailyLimitReached: boolean;
  /** Points of a once-per-item action that were already paid on this item (later ones count for 0). */
  paidBefore: boolean;
  keys: number;
  engagementShares: number;
  sharesRemaining: number;
  dailyPointsRemainingMinor: bigint;
  movesRemainingToday: number;
  /** The points (and keys) issued to the user under ENGAGEMENT_REWARD; null when the action pays nothing. */
  money: MoneyMovement | null;
}
export type Refused = { kind: 'refused'; refusal: SocialRefusal };

export interface SocialActionCommand {
  contentId: string;
  userId: string;
  action: SocialActionType;
  tier: UserTier;
  actorIsDemo: boolean;
  content: ContentFacts;
  transactionId: string;
  now: string;
  /** The comment a `comment` action pays for: recorded with the comment, in its unit of work (never on its own). */
  commentId?: string;
}

/** The points a quick action earns, minted to the user. */
function socialRewardMoney(command: SocialActionCommand, pointsMinor: bigint): MoneyMovement {
  const { action, userId, contentId, now } = command;
  return {
    transactionId: command.transactionId,
    reasonCode: 'ENGAGEMENT_REWARD',
    description: `Content ${action}`,
    postings: [
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount(userId),
        currency: 'points',
        amountMinor: pointsMinor,
      },
    ],
    now,
    references: command.commentId ? { contentId, commentId: command.commentId } : { contentId },
  };
}

/** The free engagement shares a quick action takes out of the item's pool. */
function sharesGivenEvent(command: SocialActionCommand, state: SocialState, engagementShares: number): EngagementEvent {
  const { action, userId, contentId, now } = command;
  return {
    type: 'EngagementSharesGiven',
    data: {
      contentId,
      userId,
      actionType: action,
      shares: engagementShares,
      at: now,
      poolAfter: {
        sharesGiven: state.pool.sharesGiven + engagementShares,
        revenueUsdMinor: state.pool.revenueUsdMinor.toString(),
      },
    },
  };
}

/**
 * A quick action (spec 2 §5, §9): like and save once per user and item; points = base × tier multiplier floored to
 * one decimal, none on demo content or one's own, a save, share or repost earns once per item, a comment once per
 * comment, and at most the day's cap is minted; free engagement shares
 * (like 1, comment 3, share 5) once per action type per user while the item's pool lasts.
 */
export function decideSocialAction(command: SocialActionCommand, state: SocialState): SocialDecision | Refused {
  const { action, content, userId, contentId, now } = command;
  if (content.status !== 'active') return { kind: 'refused', refusal: 'CONTENT_ARCHIVED' };
  if (action === 'like' && state.userContent.liked) return { kind: 'refused', refusal: 'ALREADY_LIKED' };
  if (action === 'save' && state.userContent.saved) return { kind: 'refused', refusal: 'ALREADY_SAVED' };

  // The creator's own engagement earns nothing: no points, and no shares out of the pool set aside for others.
  // Nor does engagement between a demo sandbox and a real account (sandboxes never exchange value with real ones).
  const own = content.creatorId === userId || command.actorIsDemo !== content.creatorIsDemo;
  const paidBefore =
    POINTS_ONCE_PER_ITEM.includes(action) &&
    (state.userContent.actionsRecorded.includes(action) || (action === 'save' && state.userContent.savedEver));
  const base = own || content.isDemo || paidBefore ? 0n : socialActionPointsMinor(action, command.tier);
  const capLeft = ENGAGEMENT_DAILY_CAPS.socialActionPointsMinor - state.daily.pointsMinor;
  const pointsMinor = base < capLeft ? base : capLeft > 0n ? capLeft : 0n;

  const poolLeft = Math.max(0, content.engagementSharesTotal - state.pool.sharesGiven);
  const perAction = ENGAGEMENT_SHARES_PER_ACTION_BY_TYPE[action];
  const engagementShares =
    own || state.userContent.sharesEarnedFor.includes(action) ? 0 : Math.min(perAction, poolLeft);
  const transactionId = pointsMinor > 0n ? command.transactionId : null;

  return {
    kind: 'accepted',
    userContentEvents: [
      {
        type: 'SocialActionRecorded',
        data: {
          contentId,
          userId,
          actionType: action,
          pointsMinor: pointsMinor.toString(),
          engagementShares,
          transactionId,
          at: now,
          ...(command.commentId ? { commentId: command.commentId } : {}),
        },
      },
    ],
    poolEvents: engagementShares > 0 ? [sharesGivenEvent(command, state, engagementShares)] : [],
    dailyAfter: { pointsMinor: state.daily.pointsMinor + pointsMinor, externalMoves: state.daily.externalMoves },
    pointsMinor,
    dailyLimitReached: pointsMinor < base,
    paidBefore,
    keys: 0,
    engagementShares,
    sharesRemaining: poolLeft - engagementShares,
    dailyPointsRemainingMinor: capLeft - pointsMinor > 0n ? capLeft - pointsMinor : 0n,
    movesRemainingToday: Math.max(0, ENGAGEMENT_DAILY_CAPS.externalMoves - state.daily.externalMoves),
    money: pointsMinor > 0n ? socialRewardMoney(command, pointsMinor) : null,
  };
}

export interface ExternalMoveCommand {
  moveId: string;
  contentId: string;
  userId: string;
  moveType: SocialActionType;
  tier: UserTier;
  actorIsDemo: boolean;
  content: ContentFacts;
  proofType: 'image' | 'url';
  proofUrl: string;
  transactionId: string;
  now: string;
}

/**
 * An external move (spec 2 §9): one of a type per user and item; points = base × multiplier floored, keys =
 * ceil(points / 20); none on demo content or one's own; at most `ENGAGEMENT_DAILY_CAPS.externalMoves` a UTC day
 * (then refused).
 */
export function decideExternalMove(command: ExternalMoveCommand, state: SocialState): SocialDecision | Refused {
  const { content, userId, contentId, now, moveType } = command;
  if (content.status !== 'active') return { kind: 'refused', refusal: 'CONTENT_ARCHIVED' };
  if (state.userContent.movesRecorded.includes(moveType)) return { kind: 'refused', refusal: 'MOVE_ALREADY_RECORDED' };
  if (state.daily.externalMoves >= ENGAGEMENT_DAILY_CAPS.externalMoves)
    return { kind: 'refused', refusal: 'DAILY_MOVES_REACHED' };
  const reward =
    content.isDemo || content.creatorId === userId || command.actorIsDemo !== content.creatorIsDemo
      ? { points: 0, keys: 0 }
      : externalMoveReward(moveType, command.tier);
  const pointsMinor = BigInt(reward.points) * 10n;
  const paid = pointsMinor > 0n || reward.keys > 0;
  const postings: Posting[] = [];
  if (pointsMinor > 0n)
    postings.push({
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: userAccount(userId),
      currency: 'points',
      amountMinor: pointsMinor,
    });
  if (reward.keys > 0)
    postings.push({
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: userAccount(userId),
      currency: 'keys',
      amountMinor: BigInt(reward.keys),
    });
  return {
    kind: 'accepted',
    userContentEvents: [
      {
        type: 'ExternalMoveRecorded',
        data: {
          moveId: command.moveId,
          contentId,
          userId,
          moveType,
          points: reward.points,
          keys: reward.keys,
          proofType: command.proofType,
          proofUrl: command.proofUrl,
          transactionId: paid ? command.transactionId : null,
          at: now,
        },
      },
    ],
    poolEvents: [],
    dailyAfter: { pointsMinor: state.daily.pointsMinor, externalMoves: state.daily.externalMoves + 1 },
    pointsMinor,
    dailyLimitReached: false,
    paidBefore: false,
    keys: reward.keys,
    engagementShares: 0,
    sharesRemaining: Math.max(0, content.engagementSharesTotal - state.pool.sharesGiven),
    dailyPointsRemainingMinor: 0n,
    movesRemainingToday: ENGAGEMENT_DAILY_CAPS.externalMoves - state.daily.externalMoves - 1,
    money:
      postings.length > 0
        ? {
            transactionId: command.transactionId,
            reasonCode: 'ENGAGEMENT_REWARD',
            description: `External ${moveType}`,
            postings,
            now,
            references: { contentId, moveId: command.moveId },
          }
        : null,
  };
}

/** Removing an item from the saved collection (it can be saved again, for no further points). */
export function decideUnsave(
  command: { contentId: string; userId: string; now: string },
  state: UserContentState,
): { kind: 'accepted'; events: EngagementEvent[] } | Refused {
  if (!state.saved) return { kind: 'refused', refusal: 'NOT_SAVED' };
  return {
    kind: 'accepted',
    events: [
      { type: 'ContentUnsaved', data: { contentId: command.contentId, userId: command.userId, at: command.now } },
    ],
  };
}
