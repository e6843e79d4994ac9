import type { ContentDetails } from '@app/contracts/content';
import type { CommentEvent, ContentEvent } from './content-events';

/** A content item as its stream tells it. `none`: never created; `deleted`: erased (404 everywhere). */
export interface ContentState {
  contentId: string;
  status: 'none' | 'active' | 'archived' | 'deleted';
  creatorId: string | null;
  details: ContentDetails | null;
  totalShares: number;
  engagementSharesTotal: number;
  isDemo: boolean;
}

export const initialContentState = (contentId: string): ContentState => ({
  contentId,
  status: 'none',
  creatorId: null,
  details: null,
  totalShares: 0,
  engagementSharesTotal: 0,
  isDemo: false,
});

export function evolveContent(state: ContentState, event: ContentEvent): ContentState {
  switch (event.type) {
    case 'ContentCreated':
      return {
        ...state,
        status: 'active',
        creatorId: event.data.creatorId,
        details: event.data.details,
        totalShares: event.data.totalShares,
        engagementSharesTotal: event.data.engagementSharesTotal,
        isDemo: event.data.isDemo,
      };
    case 'ContentUpdated':
      return { ...state, details: event.data.details, totalShares: event.data.totalShares, isDemo: event.data.isDemo };
    case 'ContentArchived':
      return { ...state, status: 'archived' };
    case 'ContentDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** A comment as its stream tells it. */
export interface CommentState {
  commentId: string;
  exists: boolean;
  deleted: boolean;
  contentId: string | null;
  authorId: string | null;
  parentCommentId: string | null;
  pinned: boolean;
  likedBy: ReadonlySet<string>;
}

export const initialCommentState = (commentId: string): CommentState => ({
  commentId,
  exists: false,
  deleted: false,
  contentId: null,
  authorId: null,
  parentCommentId: null,
  pinned: false,
  likedBy: new Set(),
});

export function evolveComment(state: CommentState, event: CommentEvent): CommentState {
  switch (event.type) {
    case 'CommentPosted':
      return {
        ...state,
        exists: true,
        contentId: event.data.contentId,
        authorId: event.data.authorId,
        parentCommentId: event.data.parentCommentId,
      };
    case 'CommentPinned':
      return { ...state, pinned: true };
    case 'CommentLiked':
      return { ...state, likedBy: new Set([...state.likedBy, event.data.userId]) };
    case 'CommentDeleted':
      return { ...state, deleted: true };
  }
}
