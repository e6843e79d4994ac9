import { Body, Controller, Inject, Param } from '@nestjs/common';
import { CommandBus, CommandHandlerNotFoundException, QueryBus } from '@nestjs/cqrs';
import {
  CONTENT_MESSAGES,
  deleteCommentRoute,
  likeCommentRoute,
  listCommentsRoute,
  pinCommentRoute,
  postCommentRoute,
  type CommentReplyView,
  type CommentView,
  type PostCommentRequest,
  type PostedCommentView,
} from '@app/contracts/content';
import type { CommentReward } from '@app/contracts/engagement';
import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { notFound } from '../../../platform/http/api-error';
import { Public } from '../../../platform/http/public.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest, UnitOfWork } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { getExistingUser } from '../../identity';
import { commentIdFromPath, contentIdFromPath, isUuid, newId } from '../content-ids';
import { ContentCommands } from '../infrastructure/content-commands';
import { ContentReader } from '../read-content/content-reader';
import { RewardCommentCommand, type CommentRewardDecision, type CommentToReward } from './reward-comment.command';

/** A posted comment's reward transaction id is derived from the comment: the ledger takes a transaction id once. */
const COMMENT_REWARD_NAMESPACE = '7d1e5c3a-9b2f-4e61-8a0d-3c5b7f9e2a14';

interface CommentRow {
  comment_id: string;
  content_id: string;
  author_id: string;
  author_username: string;
  author_display_name: string | null;
  author_avatar: string | null;
  parent_comment_id: string | null;
  comment_text: string;
  is_pinned: boolean;
  likes_count: number;
  created_at: Date;
  has_liked: boolean;
}

const toReply = (row: CommentRow): CommentReplyView => ({
  id: row.comment_id,
  content_id: row.content_id,
  user_id: row.author_id,
  user_username: row.author_username,
  user_display_name: row.author_display_name,
  user_avatar: row.author_avatar,
  comment_text: row.comment_text,
  parent_comment_id: row.parent_comment_id,
  created_at: row.created_at.toISOString(),
  is_pinned: row.is_pinned,
  likes_count: row.likes_count,
  has_liked: row.has_liked,
});

/**
 * Comments on content: read from the inline `content_comments` (written with the comment's events), decided on each
 * comment's own stream. One level of replies; pinning is the content owner's; a like counts once per user.
 */
@Controller()
export class CommentsController {
  constructor(
    private readonly commands: ContentCommands,
    private readonly reader: ContentReader,
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  @Public()
  @Route(listCommentsRoute)
  async list(
    @CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined,
    @Param('id') rawId: string,
  ): Promise<CommentView[]> {
    const contentId = contentIdFromPath(rawId);
    if (!(await this.reader.row(contentId))) throw notFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
    const rows = await this.rows('c.content_id = $1', [contentId, caller?.userId ?? null]);
    const replies = new Map<string, CommentReplyView[]>();
    for (const row of rows) {
      if (row.parent_comment_id)
        replies.set(row.parent_comment_id, [...(replies.get(row.parent_comment_id) ?? []), toReply(row)]);
    }
    const topLevel = rows.filter((row) => row.parent_comment_id === null);
    // Pinned first, then newest first; replies oldest first (a conversation reads downwards).
    topLevel.sort(
      (a, b) => Number(b.is_pinned) - Number(a.is_pinned) || b.created_at.getTime() - a.created_at.getTime(),
    );
    return topLevel.map((row) => ({
      ...toReply(row),
      replies: (replies.get(row.comment_id) ?? []).sort((a, b) => a.created_at.localeCompare(b.created_at)),
    }));
  }

  @Route(postCommentRoute)
  async post(
    @IdempotencyKey(postCommentRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(postCommentRoute.body)) body: PostCommentRequest,
  ): Promise<PostedCommentView> {
    const contentId = contentIdFromPath(rawId);
    const user = await getExistingUser(this.queryBus, caller.userId);
    // A parent that is not even an id names no comment.
    if (body.parent_comment_id !== null && !isUuid(body.parent_comment_id))
      throw notFound('PARENT_COMMENT_NOT_FOUND', CONTENT_MESSAGES.parentNotFound);
    const commentId = newId();
    const now = new Date().toISOString();
    const toReward: CommentToReward = {
      commentId,
      contentId,
      authorId: caller.userId,
      authorTier: caller.tier,
      authorIsDemo: caller.isDemo,
      transactionId: uuidv5(`comment-reward:${commentId}`, COMMENT_REWARD_NAMESPACE),
      now,
    };
    const posted = await this.commands.runComment<
      { commentId: string; reward: CommentReward | null },
      { reward: CommentReward }
    >(
      {
        type: 'PostComment',
        data: {
          commentId,
          contentId,
          author: { userId: user.id, username: user.username, displayName: user.display_name, avatar: user.avatar_url },
          parentCommentId: body.parent_comment_id?.toLowerCase() ?? null,
          text: body.comment_text,
          now,
        },
      },
      (_comment, _content, extra) => ({ commentId, reward: extra?.reward ?? null }),
      idempotency,
      (unit) => this.reward(unit, toReward),
    );
    return { ...(await this.one(posted.commentId, caller.userId)), reward: posted.reward };
  }

  /** What the comment earns, decided by the engagement context in this unit of work; null without that context. */
  private async reward(unit: UnitOfWork, comment: CommentToReward): Promise<CommentRewardDecision | null> {
    try {
      return await this.commandBus.execute(new RewardCommentCommand(unit, comment));
    } catch (error) {
      if (error instanceof CommandHandlerNotFoundException) return null;
      throw error;
    }
  }

  @Route(pinCommentRoute)
  async pin(@CurrentUser() caller: AuthenticatedUser, @Param('id') rawId: string): Promise<CommentView> {
    const commentId = commentIdFromPath(rawId);
    await this.commands.runComment(
      { type: 'PinComment', data: { commentId, callerId: caller.userId, now: new Date().toISOString() } },
      () => null,
    );
    return this.one(commentId, caller.userId);
  }

  @Route(likeCommentRoute)
  like(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
  ): Promise<{ comment_id: string; likes_count: number; has_liked: true }> {
    const commentId = commentIdFromPath(rawId);
    return this.commands.runComment(
      { type: 'LikeComment', data: { commentId, userId: caller.userId, now: new Date().toISOString() } },
      (comment) => ({
        comment_id: commentId,
        likes_count: comment.likedBy.size,
        has_liked: true as const,
      }),
    );
  }

  @Route(deleteCommentRoute)
  remove(@CurrentUser() caller: AuthenticatedUser, @Param('id') rawId: string): Promise<{ success: true; id: string }> {
    const commentId = commentIdFromPath(rawId);
    return this.commands.runComment(
      { type: 'DeleteComment', data: { commentId, callerId: caller.userId, now: new Date().toISOString() } },
      () => ({
        success: true as const,
        id: commentId,
      }),
    );
  }

  private async one(commentId: string, viewerId: string): Promise<CommentView> {
    const [row] = await this.rows('c.comment_id = $1', [commentId, viewerId]);
    if (!row) throw notFound('COMMENT_NOT_FOUND', CONTENT_MESSAGES.commentNotFound);
    const replies =
      row.parent_comment_id === null ? await this.rows('c.parent_comment_id = $1', [commentId, viewerId]) : [];
    return { ...toReply(row), replies: replies.map(toReply).sort((a, b) => a.created_at.localeCompare(b.created_at)) };
  }

  /** Comments that are not deleted (nor replies of a deleted one), with whether `$2` liked each. */
  private async rows(condition: string, params: [string, string | null]): Promise<CommentRow[]> {
    const result = await this.pool.query<CommentRow>(
      `SELECT c.comment_id, c.content_id, c.author_id, c.author_username, c.author_display_name, c.author_avatar,
       c.parent_comment_id,
              c.comment_text, c.is_pinned, c.likes_count, c.created_at,
              ($2::text IS NOT NULL AND EXISTS (SELECT 1 FROM content_comment_likes l
                WHERE l.comment_id = c.comment_id AND l.user_id = $2)) AS has_liked
       FROM content_comments c WHERE ${condition} AND NOT c.deleted ORDER BY c.created_at`,
      params,
    );
    return result.rows;
  }
}
