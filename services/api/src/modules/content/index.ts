/**
 * The content context's public surface: what other modules may import, beside its queries in `@app/contracts/content`.
 */
export {
  GetContentForCommandQuery,
  GetContentsForCommandQuery,
  type ContentForCommand,
} from './queries/get-content-for-command.query';
export { GetContentOwnerQuery, type ContentOwner } from './queries/get-content-owner.query';
export { GetCreatorContentQuery } from './queries/get-creator-content.query';
export {
  GetContentEngagementQuery,
  GetLiveSponsorshipsQuery,
  noEngagement,
  type ContentEngagementFacts,
  type LiveSponsorship,
} from './queries/engagement-facts.query';
export {
  GetEngagementShareholdersQuery,
  GetMarketShareholdersQuery,
  type Shareholder,
} from './queries/shareholders.query';
export { contentStreamId, commentStreamId } from './domain/content-events';
export {
  RewardCommentCommand,
  type CommentRewardDecision,
  type CommentToReward,
} from './manage-comments/reward-comment.command';
// The share-price rule lives in the contracts so the engagement context and the screens price with the same code.
export {
  sharePriceFor,
  engagementSharesFor,
  ENGAGEMENT_SHARES_PER_ACTION,
  MIN_SHARE_PRICE_USD_MINOR,
} from '@app/contracts/content';
