import { engagementSharesFor, isDemoContent } from '@app/contracts/content';
import type { ContentState } from './content';
import type { ContentCommand, ContentDecision, ContentRefusal } from './decision';

const refuse = (refusal: ContentRefusal): ContentDecision => ({ kind: 'refused', refusal });

type CreateContentData = Extract<ContentCommand, { type: 'CreateContent' }>['data'];

function decideCreate(data: CreateContentData, state: ContentState): ContentDecision {
  if (state.status !== 'none') return refuse({ code: 'CONTENT_MUST_NOT_EXIST' });
  return {
    kind: 'accepted',
    events: [
      {
        type: 'ContentCreated',
        data: {
          contentId: data.contentId,
          creatorId: data.creator.userId,
          creatorName: data.creator.name,
          creatorUsername: data.creator.username,
          creatorAvatar: data.creator.avatar,
          details: data.details,
          totalShares: data.totalShares,
          engagementSharesTotal: engagementSharesFor(data.totalShares),
          isDemo: isDemoContent(data.details.title, data.details.description),
          creatorIsDemo: data.creator.isDemo,
          createdAt: data.now,
        },
      },
    ],
  };
}

/** The content item's decider: create, edit, delete (or archive while others hold shares). */
export function decideContent(command: ContentCommand, state: ContentState): ContentDecision {
  switch (command.type) {
    case 'CreateContent':
      return decideCreate(command.data, state);
    case 'UpdateContent': {
      const { data } = command;
      if (state.status === 'none' || state.status === 'deleted' || !state.details)
        return refuse({ code: 'CONTENT_MUST_EXIST' });
      if (state.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_OWNER' });
      if (state.status !== 'active') return refuse({ code: 'CONTENT_MUST_BE_ACTIVE' });
      const totalShares = data.totalShares ?? state.totalShares;
      // The engagement pool is fixed at creation and sold shares are someone's: the total never goes below both.
      const held = state.engagementSharesTotal + data.sharesSold;
      if (totalShares < held) return refuse({ code: 'TOTAL_SHARES_MUST_COVER_HELD', held });
      const details = { ...state.details, ...data.details };
      return {
        kind: 'accepted',
        events: [
          {
            type: 'ContentUpdated',
            data: {
              contentId: data.contentId,
              details,
              totalShares,
              isDemo: isDemoContent(details.title, details.description),
              updatedAt: data.now,
            },
          },
        ],
      };
    }
    case 'DeleteContent': {
      const { data } = command;
      if (state.status === 'none' || state.status === 'deleted') return refuse({ code: 'CONTENT_MUST_EXIST' });
      if (state.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_OWNER' });
      if (data.sharesHeldByOthers > 0) {
        // Holders keep a readable item; archiving twice changes nothing.
        if (state.status === 'archived') return { kind: 'accepted', events: [], outcome: 'archived' };
        return {
          kind: 'accepted',
          events: [{ type: 'ContentArchived', data: { contentId: data.contentId, archivedAt: data.now } }],
          outcome: 'archived',
        };
      }
      return {
        kind: 'accepted',
        events: [{ type: 'ContentDeleted', data: { contentId: data.contentId, deletedAt: data.now } }],
        outcome: 'deleted',
      };
    }
  }
}
