import { DeciderSpecification } from '../support/decider-specification';
import {
  evolveComment,
  evolveContent,
  initialCommentState,
  initialContentState,
  type CommentState,
  type ContentState,
} from '../../src/modules/content/domain/content';
import type { CommentEvent, ContentEvent } from '../../src/modules/content/domain/content-events';
import { decideComment } from '../../src/modules/content/domain/decide-comment';
import { decideContent } from '../../src/modules/content/domain/decide-content';
import type {
  CommentCommand,
  CommentDecision,
  ContentCommand,
  ContentDecision,
} from '../../src/modules/content/domain/decision';

const now = '2026-11-25T10:00:00.000Z';
const contentId = 'c1';
const details = {
  title: 'My reel',
  description: 'A clip',
  platform: 'tiktok' as const,
  platformUrl: 'https://tiktok.com/@me/1',
  mediaUrl: null,
};

const created = (overrides: Partial<Extract<ContentEvent, { type: 'ContentCreated' }>['data']> = {}): ContentEvent => ({
  type: 'ContentCreated',
  data: {
    contentId,
    creatorId: 'owner',
    creatorName: 'Owner',
    creatorUsername: 'owner',
    creatorAvatar: null,
    details,
    totalShares: 100,
    engagementSharesTotal: 20,
    isDemo: false,
    creatorIsDemo: false,
    createdAt: now,
    ...overrides,
  },
});

const content = DeciderSpecification.for<ContentCommand, ContentState, ContentEvent, ContentDecision>({
  decide: decideContent,
  evolve: evolveContent,
  initialState: () => initialContentState(contentId),
});

describe('content decider', () => {
  const create: ContentCommand = {
    type: 'CreateContent',
    data: {
      contentId,
      creator: { userId: 'owner', name: 'Owner', username: 'owner', avatar: null, isDemo: false },
      details,
      totalShares: 100,
      now,
    },
  };

  it('creates an item with 20 % of its shares set aside for engagement', () => {
    content.given([]).when(create).then([created()]);
  });

  it('marks an item demo when its title or description mentions demo', () => {
    content
      .given([])
      .when({
        ...create,
        data: { ...create.data, details: { ...details, description: 'just a Demo' }, totalShares: 500 },
      })
      .then([
        created({
          details: { ...details, description: 'just a Demo' },
          totalShares: 500,
          engagementSharesTotal: 100,
          isDemo: true,
        }),
      ]);
  });

  it('never creates the same item twice', () => {
    content.given([created()]).when(create).thenRefused({ code: 'CONTENT_MUST_NOT_EXIST' });
  });

  const update = (data: Partial<Extract<ContentCommand, { type: 'UpdateContent' }>['data']> = {}): ContentCommand => ({
    type: 'UpdateContent',
    data: {
      contentId,
      callerId: 'owner',
      details: { title: 'New title' },
      totalShares: null,
      sharesSold: 0,
      now,
      ...data,
    },
  });

  it('lets the owner edit, keeping what the edit does not name', () => {
    content
      .given([created()])
      .when(update({ totalShares: 40 }))
      .then([
        {
          type: 'ContentUpdated',
          data: {
            contentId,
            details: { ...details, title: 'New title' },
            totalShares: 40,
            isDemo: false,
            updatedAt: now,
          },
        },
      ]);
  });

  it('refuses an edit by anyone but the owner', () => {
    content
      .given([created()])
      .when(update({ callerId: 'stranger' }))
      .thenRefused({ code: 'CALLER_MUST_BE_OWNER' });
  });

  it('never takes total shares below the engagement pool and the shares sold', () => {
    content
      .given([created()])
      .when(update({ totalShares: 19 }))
      .thenRefused({ code: 'TOTAL_SHARES_MUST_COVER_HELD', held: 20 });
    content
      .given([created()])
      .when(update({ totalShares: 25, sharesSold: 10 }))
      .thenRefused({ code: 'TOTAL_SHARES_MUST_COVER_HELD', held: 30 });
  });

  it('refuses to edit what does not exist, was deleted, or is archived', () => {
    content.given([]).when(update()).thenRefused({ code: 'CONTENT_MUST_EXIST' });
    content
      .given([created(), { type: 'ContentDeleted', data: { contentId, deletedAt: now } }])
      .when(update())
      .thenRefused({ code: 'CONTENT_MUST_EXIST' });
    content
      .given([created(), { type: 'ContentArchived', data: { contentId, archivedAt: now } }])
      .when(update())
      .thenRefused({ code: 'CONTENT_MUST_BE_ACTIVE' });
  });

  const remove = (sharesHeldByOthers: number, callerId = 'owner'): ContentCommand => ({
    type: 'DeleteContent',
    data: { contentId, callerId, sharesHeldByOthers, now },
  });

  it('erases an item nobody else holds shares in', () => {
    content
      .given([created()])
      .when(remove(0))
      .then({ events: [{ type: 'ContentDeleted', data: { contentId, deletedAt: now } }], outcome: 'deleted' });
  });

  it('archives an item others hold shares in, once', () => {
    content
      .given([created()])
      .when(remove(3))
      .then({ events: [{ type: 'ContentArchived', data: { contentId, archivedAt: now } }], outcome: 'archived' });
    content
      .given([created(), { type: 'ContentArchived', data: { contentId, archivedAt: now } }])
      .when(remove(3))
      .then({ events: [], outcome: 'archived' });
  });

  it('lets only the owner delete', () => {
    content.given([created()]).when(remove(0, 'stranger')).thenRefused({ code: 'CALLER_MUST_BE_OWNER' });
    content.given([]).when(remove(0)).thenRefused({ code: 'CONTENT_MUST_EXIST' });
  });
});

// ----- comments -----

const activeContent = [created()].reduce(evolveContent, initialContentState(contentId));
const posted = (
  commentId: string,
  overrides: Partial<Extract<CommentEvent, { type: 'CommentPosted' }>['data']> = {},
): CommentEvent => ({
  type: 'CommentPosted',
  data: {
    commentId,
    contentId,
    authorId: 'author',
    authorUsername: 'author',
    authorDisplayName: null,
    authorAvatar: null,
    parentCommentId: null,
    text: 'Nice',
    postedAt: now,
    ...overrides,
  },
});
const stateOf = (commentId: string, events: CommentEvent[]): CommentState =>
  events.reduce(evolveComment, initialCommentState(commentId));

const comments = (contentState: ContentState = activeContent, parent?: CommentState) =>
  DeciderSpecification.for<
    CommentCommand,
    { comment: CommentState; content: ContentState; parent?: CommentState },
    CommentEvent,
    CommentDecision
  >({
    decide: decideComment,
    evolve: (state, event) => ({ ...state, comment: evolveComment(state.comment, event) }),
    initialState: () => ({ comment: initialCommentState('k1'), content: contentState, parent }),
  });

describe('comment decider', () => {
  const post = (parentCommentId: string | null = null): CommentCommand => ({
    type: 'PostComment',
    data: {
      commentId: 'k1',
      contentId,
      author: { userId: 'author', username: 'author', displayName: null, avatar: null },
      parentCommentId,
      text: 'Nice',
      now,
    },
  });

  it('posts a comment on active content', () => {
    comments()
      .given([])
      .when(post())
      .then([posted('k1')]);
  });

  it('posts a reply to a top-level comment of the same content', () => {
    comments(activeContent, stateOf('p1', [posted('p1')]))
      .given([])
      .when(post('p1'))
      .then([posted('k1', { parentCommentId: 'p1' })]);
  });

  it('keeps replies one level deep', () => {
    comments(activeContent, stateOf('r1', [posted('r1', { parentCommentId: 'p1' })]))
      .given([])
      .when(post('r1'))
      .thenRefused({ code: 'PARENT_MUST_BE_TOP_LEVEL' });
  });

  it('refuses a reply to a missing or deleted parent, or one of other content', () => {
    comments(activeContent, initialCommentState('p1'))
      .given([])
      .when(post('p1'))
      .thenRefused({ code: 'PARENT_MUST_EXIST' });
    const deleted = stateOf('p1', [
      posted('p1'),
      { type: 'CommentDeleted', data: { commentId: 'p1', contentId, deletedBy: 'author', deletedAt: now } },
    ]);
    comments(activeContent, deleted).given([]).when(post('p1')).thenRefused({ code: 'PARENT_MUST_EXIST' });
    comments(activeContent, stateOf('p1', [posted('p1', { contentId: 'other' })]))
      .given([])
      .when(post('p1'))
      .thenRefused({ code: 'PARENT_MUST_EXIST' });
  });

  it('refuses comments on missing or archived content', () => {
    comments(initialContentState(contentId)).given([]).when(post()).thenRefused({ code: 'CONTENT_MUST_EXIST' });
    const archived = evolveContent(activeContent, { type: 'ContentArchived', data: { contentId, archivedAt: now } });
    comments(archived).given([]).when(post()).thenRefused({ code: 'CONTENT_MUST_BE_ACTIVE' });
  });

  const like = (userId: string): CommentCommand => ({ type: 'LikeComment', data: { commentId: 'k1', userId, now } });

  it('counts a like once per user', () => {
    comments()
      .given([posted('k1')])
      .when(like('fan'))
      .then([{ type: 'CommentLiked', data: { commentId: 'k1', contentId, userId: 'fan', likedAt: now } }]);
    comments()
      .given([
        posted('k1'),
        { type: 'CommentLiked', data: { commentId: 'k1', contentId, userId: 'fan', likedAt: now } },
      ])
      .when(like('fan'))
      .thenRefused({ code: 'USER_MUST_LIKE_ONCE' });
  });

  it('refuses to like a missing or deleted comment', () => {
    comments().given([]).when(like('fan')).thenRefused({ code: 'COMMENT_MUST_EXIST' });
    comments()
      .given([
        posted('k1'),
        { type: 'CommentDeleted', data: { commentId: 'k1', contentId, deletedBy: 'author', deletedAt: now } },
      ])
      .when(like('fan'))
      .thenRefused({ code: 'COMMENT_MUST_EXIST' });
  });

  it('lets only the content owner pin, once', () => {
    const pin = (callerId: string): CommentCommand => ({
      type: 'PinComment',
      data: { commentId: 'k1', callerId, now },
    });
    comments()
      .given([posted('k1')])
      .when(pin('owner'))
      .then([{ type: 'CommentPinned', data: { commentId: 'k1', contentId, pinnedBy: 'owner', pinnedAt: now } }]);
    comments()
      .given([posted('k1')])
      .when(pin('author'))
      .thenRefused({ code: 'CALLER_MUST_BE_OWNER' });
    comments()
      .given([
        posted('k1'),
        { type: 'CommentPinned', data: { commentId: 'k1', contentId, pinnedBy: 'owner', pinnedAt: now } },
      ])
      .when(pin('owner'))
      .thenRefused({ code: 'COMMENT_MUST_NOT_BE_PINNED' });
  });

  it('lets the author or the content owner delete', () => {
    const remove = (callerId: string): CommentCommand => ({
      type: 'DeleteComment',
      data: { commentId: 'k1', callerId, now },
    });
    for (const callerId of ['author', 'owner']) {
      comments()
        .given([posted('k1')])
        .when(remove(callerId))
        .then([{ type: 'CommentDeleted', data: { commentId: 'k1', contentId, deletedBy: callerId, deletedAt: now } }]);
    }
    comments()
      .given([posted('k1')])
      .when(remove('stranger'))
      .thenRefused({ code: 'CALLER_MUST_BE_AUTHOR_OR_OWNER' });
  });
});
