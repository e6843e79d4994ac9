import { Command } from '@nestjs/cqrs';
import type { CommentReward } from '@app/contracts/engagement';
import type { UserTier } from '@app/contracts/identity';
import type { AppendToStream } from '@app/event-store';
import type { UnitOfWork } from '../../../platform/idempotency/unit-of-work';
import type { MoneyMovement } from '../../../platform/use-cases/money.port';

/** The comment being posted, as the context that pays for it needs it. */
export interface CommentToReward {
  commentId: string;
  contentId: string;
  authorId: string;
  authorTier: UserTier;
  authorIsDemo: boolean;
  /** Derived from the comment id by the caller: fixed outside the unit, so a rerun decides the same payout. */
  transactionId: string;
  now: string;
}

/** What the rewarding context decided: its events and money, appended in the comment's own append, and the answer. */
export interface CommentRewardDecision {
  appends: AppendToStream[];
  money: MoneyMovement | null;
  reward: CommentReward;
}

/**
 * Asked inside the unit of work that posts a comment (and with its transaction), so the comment and what it earns
 * commit together or not at all: once per comment, whatever retries. Content declares it and the engagement context
 * handles it (engagement depends on content, never the reverse); an application without engagement pays nothing.
 */
export class RewardCommentCommand extends Command<CommentRewardDecision> {
  constructor(
    readonly unit: UnitOfWork,
    readonly comment: CommentToReward,
  ) {
    super();
  }
}
