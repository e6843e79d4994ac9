import type { CommentCommand, CommentDecideState, CommentDecision, ContentRefusal } from './decision';

const refuse = (refusal: ContentRefusal): CommentDecision => ({ kind: 'refused', refusal });

type PostCommentData = Extract<CommentCommand, { type: 'PostComment' }>['data'];

/** A comment goes on active content only; a reply answers a live, top-level comment of the same content. */
function decidePost(
  data: PostCommentData,
  content: CommentDecideState['content'],
  parent: CommentDecideState['parent'],
): CommentDecision {
  const contentVisible = content.status === 'active' || content.status === 'archived';
  if (!contentVisible) return refuse({ code: 'CONTENT_MUST_EXIST' });
  if (content.status !== 'active') return refuse({ code: 'CONTENT_MUST_BE_ACTIVE' });
  if (data.parentCommentId !== null) {
    if (!parent || !parent.exists || parent.deleted || parent.contentId !== data.contentId)
      return refuse({ code: 'PARENT_MUST_EXIST' });
    if (parent.parentCommentId !== null) return refuse({ code: 'PARENT_MUST_BE_TOP_LEVEL' });
  }
  return {
    kind: 'accepted',
    events: [
      {
        type: 'CommentPosted',
        data: {
          commentId: data.commentId,
          contentId: data.contentId,
          authorId: data.author.userId,
          authorUsername: data.author.username,
          authorDisplayName: data.author.displayName,
          authorAvatar: data.author.avatar,
          parentCommentId: data.parentCommentId,
          text: data.text,
          postedAt: data.now,
        },
      },
    ],
  };
}

/**
 * The comments' decider. A comment lives on its own stream, so a like is decided against that stream's version:
 * two likes by one user, however concurrent, append once (the loser reloads and is refused).
 */
export function decideComment(
  command: CommentCommand,
  { comment, content, parent }: CommentDecideState,
): CommentDecision {
  const contentVisible = content.status === 'active' || content.status === 'archived';
  switch (command.type) {
    case 'PostComment':
      return decidePost(command.data, content, parent);
    case 'PinComment': {
      const { data } = command;
      if (!comment.exists || comment.deleted || !contentVisible) return refuse({ code: 'COMMENT_MUST_EXIST' });
      if (content.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_OWNER' });
      if (comment.pinned) return refuse({ code: 'COMMENT_MUST_NOT_BE_PINNED' });
      return {
        kind: 'accepted',
        events: [
          {
            type: 'CommentPinned',
            data: {
              commentId: data.commentId,
              contentId: content.contentId,
              pinnedBy: data.callerId,
              pinnedAt: data.now,
            },
          },
        ],
      };
    }
    case 'LikeComment': {
      const { data } = command;
      if (!comment.exists || comment.deleted || !contentVisible) return refuse({ code: 'COMMENT_MUST_EXIST' });
      if (comment.likedBy.has(data.userId)) return refuse({ code: 'USER_MUST_LIKE_ONCE' });
      return {
        kind: 'accepted',
        events: [
          {
            type: 'CommentLiked',
            data: { commentId: data.commentId, contentId: content.contentId, userId: data.userId, likedAt: data.now },
          },
        ],
      };
    }
    case 'DeleteComment': {
      const { data } = command;
      if (!comment.exists || comment.deleted || !contentVisible) return refuse({ code: 'COMMENT_MUST_EXIST' });
      if (comment.authorId !== data.callerId && content.creatorId !== data.callerId)
        return refuse({ code: 'CALLER_MUST_BE_AUTHOR_OR_OWNER' });
      return {
        kind: 'accepted',
        events: [
          {
            type: 'CommentDeleted',
            data: {
              commentId: data.commentId,
              contentId: content.contentId,
              deletedBy: data.callerId,
              deletedAt: data.now,
            },
          },
        ],
      };
    }
  }
}
