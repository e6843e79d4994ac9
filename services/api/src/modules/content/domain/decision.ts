import type { ContentDetails } from '@app/contracts/content';
import type { CommentEvent, ContentEvent } from './content-events';
import type { CommentState, ContentState } from './content';

export type ContentCommand =
  | {
      type: 'CreateContent';
      data: {
        contentId: string;
        creator: { userId: string; name: string; username: string; avatar: string | null; isDemo: boolean };
        details: ContentDetails;
        totalShares: number;
        now: string;
      };
    }
  | {
      type: 'UpdateContent';
      data: {
        contentId: string;
        callerId: string;
        details: Partial<ContentDetails>;
        totalShares: number | null;
        /** Shares sold to buyers (the market's, issue 11): an edit never takes total_shares below pool + sold. */
        sharesSold: number;
        now: string;
      };
    }
  | {
      type: 'DeleteContent';
      data: {
        contentId: string;
        callerId: string;
        /** Shares anyone but the creator holds (engagement rewards given, shares sold), asked before deciding. */
        sharesHeldByOthers: number;
        now: string;
      };
    };

export type CommentCommand =
  | {
      type: 'PostComment';
      data: {
        commentId: string;
        contentId: string;
        author: { userId: string; username: string; displayName: string | null; avatar: string | null };
        parentCommentId: string | null;
        text: string;
        now: string;
      };
    }
  | { type: 'PinComment'; data: { commentId: string; callerId: string; now: string } }
  | { type: 'LikeComment'; data: { commentId: string; userId: string; now: string } }
  | { type: 'DeleteComment'; data: { commentId: string; callerId: string; now: string } };

/** Expected refusals, written as the rule that did not hold. Mapped to HTTP in `content-refusals.ts`. */
export type ContentRefusal =
  | { code: 'CONTENT_MUST_NOT_EXIST' }
  | { code: 'CONTENT_MUST_EXIST' }
  | { code: 'CONTENT_MUST_BE_ACTIVE' }
  | { code: 'CALLER_MUST_BE_OWNER' }
  | { code: 'TOTAL_SHARES_MUST_COVER_HELD'; held: number }
  | { code: 'COMMENT_MUST_EXIST' }
  | { code: 'PARENT_MUST_EXIST' }
  | { code: 'PARENT_MUST_BE_TOP_LEVEL' }
  | { code: 'CALLER_MUST_BE_AUTHOR_OR_OWNER' }
  | { code: 'COMMENT_MUST_NOT_BE_PINNED' }
  | { code: 'USER_MUST_LIKE_ONCE' };

export type ContentDecision =
  | { kind: 'accepted'; events: ContentEvent[]; outcome?: 'deleted' | 'archived' }
  | { kind: 'refused'; refusal: ContentRefusal };

export type CommentDecision =
  { kind: 'accepted'; events: CommentEvent[] } | { kind: 'refused'; refusal: ContentRefusal };

/** What a comment command decides on: the comment, its content item and, for a reply, the parent comment. */
export interface CommentDecideState {
  comment: CommentState;
  content: ContentState;
  parent?: CommentState;
}
