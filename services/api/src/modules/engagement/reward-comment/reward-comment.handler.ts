import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RewardCommentCommand, type CommentRewardDecision } from '../../content';
import { decideSocialAction } from '../domain/decide-social';
import { utcDayOf } from '../domain/streams';
import { refuse, socialActionAnswer, EngagementCommands } from '../infrastructure/engagement-commands';
import { dailyRewardsKey, readDailyRewards, saveDailyRewards } from '../infrastructure/daily-rewards';
import { appendOf } from '../infrastructure/engagement-store';
import { applyEngagementEvents } from '../infrastructure/inline-read-model';

/**
 * A posted comment (or reply) earns the `comment` quick action (spec 2 §9: 0.3 points × tier, 3 free engagement shares
 * once per item while the pool lasts), decided on the same streams and day as every quick action, inside the unit of
 * work that posts the comment: its events and points go in the comment's own append. The comment stream is new, so
 * the comment and its payout commit once; the transaction id is derived from the comment, so the ledger would refuse
 * a second payout too. README, "Comments pay when posted".
 */
@CommandHandler(RewardCommentCommand)
export class RewardCommentHandler implements ICommandHandler<RewardCommentCommand, CommentRewardDecision> {
  constructor(private readonly commands: EngagementCommands) {}

  async execute({ unit, comment }: RewardCommentCommand): Promise<CommentRewardDecision> {
    const { commentId, contentId, authorId: userId, now } = comment;
    const day = utcDayOf(now);
    const content = await this.commands.content(contentId, unit.transaction);
    const { userContent, pool } = await this.commands.store.social(contentId, userId, unit.transaction);
    const read = (await readDailyRewards(unit.transaction, [{ userId, day }])).get(dailyRewardsKey(userId, day))!;
    const decision = decideSocialAction(
      {
        contentId,
        userId,
        action: 'comment',
        tier: comment.authorTier,
        actorIsDemo: comment.authorIsDemo,
        content,
        transactionId: comment.transactionId,
        now,
        commentId,
      },
      { userContent: userContent.state, pool: pool.state, daily: read.state },
    );
    if (decision.kind === 'refused') refuse(decision);
    await applyEngagementEvents(unit.transaction, [...decision.userContentEvents, ...decision.poolEvents]);
    await saveDailyRewards(unit.transaction, [{ read, after: decision.dailyAfter }]);
    const {
      success: _success,
      reference_id: _reference,
      ...reward
    } = socialActionAnswer('comment', contentId, comment.authorTier, decision);
    return {
      appends: [...appendOf(userContent, decision.userContentEvents), ...appendOf(pool, decision.poolEvents)],
      money: decision.money,
      reward,
    };
  }
}
