import type { TransactionHandle } from '@app/event-store';
import type { CommentEvent, ContentEvent } from '../domain/content-events';

/**
 * Writes the inline read models (`content_items`, `content_comments`, `content_comment_likes`) for events about to
 * be appended, through the unit of work's transaction: they commit or roll back with the events.
 */
export async function applyContentEvents(
  transaction: TransactionHandle,
  events: readonly ContentEvent[],
): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'ContentCreated': {
        const { data } = event;
        await transaction.query(
          `INSERT INTO content_items (content_id, creator_id, creator_name, creator_username, creator_avatar,
             title, description, platform, platform_url, media_url, total_shares, engagement_shares_total, is_demo,
             creator_is_demo, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'active', $15, $15)`,
          [
            data.contentId,
            data.creatorId,
            data.creatorName,
            data.creatorUsername,
            data.creatorAvatar,
            data.details.title,
            data.details.description,
            data.details.platform,
            data.details.platformUrl,
            data.details.mediaUrl,
            data.totalShares,
            data.engagementSharesTotal,
            data.isDemo,
            data.creatorIsDemo,
            data.createdAt,
          ],
        );
        break;
      }
      case 'ContentUpdated': {
        const { data } = event;
        await transaction.query(
          `UPDATE content_items SET title = $2, description = $3, platform = $4, platform_url = $5, media_url = $6,
             total_shares = $7, is_demo = $8, updated_at = $9 WHERE content_id = $1`,
          [
            data.contentId,
            data.details.title,
            data.details.description,
            data.details.platform,
            data.details.platformUrl,
            data.details.mediaUrl,
            data.totalShares,
            data.isDemo,
            data.updatedAt,
          ],
        );
        break;
      }
      case 'ContentArchived':
        await transaction.query(`UPDATE content_items SET status = 'archived', updated_at = $2 WHERE content_id = $1`, [
          event.data.contentId,
          event.data.archivedAt,
        ]);
        break;
      case 'ContentDeleted':
        await transaction.query(`UPDATE content_items SET status = 'deleted', updated_at = $2 WHERE content_id = $1`, [
          event.data.contentId,
          event.data.deletedAt,
        ]);
        break;
    }
  }
}

export async function applyCommentEvents(
  transaction: TransactionHandle,
  events: readonly CommentEvent[],
): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'CommentPosted': {
        const { data } = event;
        await transaction.query(
          `INSERT INTO content_comments (comment_id, content_id, author_id, author_username, author_display_name,
             author_avatar, parent_comment_id, comment_text, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            data.commentId,
            data.contentId,
            data.authorId,
            data.authorUsername,
            data.authorDisplayName,
            data.authorAvatar,
            data.parentCommentId,
            data.text,
            data.postedAt,
          ],
        );
        await transaction.query('UPDATE content_items SET comments_count = comments_count + 1 WHERE content_id = $1', [
          data.contentId,
        ]);
        break;
      }
      case 'CommentPinned':
        await transaction.query('UPDATE content_comments SET is_pinned = true WHERE comment_id = $1', [
          event.data.commentId,
        ]);
        break;
      case 'CommentLiked': {
        // ON CONFLICT: a racing twin waits on the key, then fails on the stream's version and is refused on reload.
        const inserted = await transaction.query(
          `INSERT INTO content_comment_likes (comment_id, user_id, liked_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [event.data.commentId, event.data.userId, event.data.likedAt],
        );
        if ((inserted.rowCount ?? 0) > 0)
          await transaction.query('UPDATE content_comments SET likes_count = likes_count + 1 WHERE comment_id = $1', [
            event.data.commentId,
          ]);
        break;
      }
      case 'CommentDeleted': {
        // A deleted top-level comment takes its replies out of every count with it.
        const removed = await transaction.query<{ count: string }>(
          `WITH gone AS (
             UPDATE content_comments SET deleted = true
             WHERE (comment_id = $1 OR parent_comment_id = $1) AND NOT deleted RETURNING 1)
           SELECT count(*)::text AS count FROM gone`,
          [event.data.commentId],
        );
        await transaction.query(
          'UPDATE content_items SET comments_count = greatest(0, comments_count - $2::int) WHERE content_id = $1',
          [event.data.contentId, Number(removed.rows[0]?.count ?? 0)],
        );
        break;
      }
    }
  }
}
