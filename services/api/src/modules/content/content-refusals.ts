import { CONTENT_MESSAGES } from '@app/contracts/content';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../../platform/http/api-error';
import type { CommentCommand, ContentCommand, ContentRefusal } from './domain/decision';

/** The one place content refusals become HTTP answers with the spec's texts. */
export function contentRefusalToApiError(
  refusal: ContentRefusal,
  commandType: ContentCommand['type'] | CommentCommand['type'],
): ApiError {
  switch (refusal.code) {
    case 'CONTENT_MUST_NOT_EXIST':
      return conflict('CONTENT_EXISTS', 'This content already exists');
    case 'CONTENT_MUST_EXIST':
      return notFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
    case 'CONTENT_MUST_BE_ACTIVE':
      return unprocessable('CONTENT_ARCHIVED', CONTENT_MESSAGES.archived);
    case 'CALLER_MUST_BE_OWNER':
      if (commandType === 'PinComment') return forbidden(CONTENT_MESSAGES.onlyOwnerPins, 'NOT_CONTENT_OWNER');
      return forbidden(
        commandType === 'DeleteContent' ? CONTENT_MESSAGES.onlyOwnerDeletes : CONTENT_MESSAGES.onlyOwnerEdits,
        'NOT_CONTENT_OWNER',
      );
    case 'TOTAL_SHARES_MUST_COVER_HELD':
      return unprocessable('TOTAL_SHARES_BELOW_HELD', CONTENT_MESSAGES.totalSharesBelowHeld(refusal.held), {
        held: refusal.held,
      });
    case 'COMMENT_MUST_EXIST':
      return notFound('COMMENT_NOT_FOUND', CONTENT_MESSAGES.commentNotFound);
    case 'PARENT_MUST_EXIST':
      return notFound('PARENT_COMMENT_NOT_FOUND', CONTENT_MESSAGES.parentNotFound);
    case 'PARENT_MUST_BE_TOP_LEVEL':
      return unprocessable('REPLY_DEPTH', CONTENT_MESSAGES.replyDepth);
    case 'CALLER_MUST_BE_AUTHOR_OR_OWNER':
      return forbidden(CONTENT_MESSAGES.onlyAuthorOrOwnerDeletes, 'NOT_COMMENT_AUTHOR_OR_OWNER');
    case 'COMMENT_MUST_NOT_BE_PINNED':
      return conflict('ALREADY_PINNED', CONTENT_MESSAGES.alreadyPinned);
    case 'USER_MUST_LIKE_ONCE':
      return conflict('ALREADY_LIKED', CONTENT_MESSAGES.alreadyLikedComment);
    default: {
      const unknownRefusal: never = refusal;
      throw new Error(`Unmapped content refusal ${(unknownRefusal as { code: string }).code}`);
    }
  }
}
