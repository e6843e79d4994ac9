// Component-test data for the content screens (never bundled: only *.spec.tsx import this file).
import type { CommentView } from '@app/contracts/content';

export { createContent } from '@app/platform/testing';

let sequence = 0;

export function createComment(overrides: Partial<CommentView> = {}): CommentView {
  sequence += 1;
  return {
    id: `comment-${sequence}`,
    content_id: 'content-1',
    user_id: 'user-2',
    user_username: 'linus',
    user_display_name: 'Linus',
    user_avatar: null,
    comment_text: 'Great work',
    parent_comment_id: null,
    created_at: new Date().toISOString(),
    is_pinned: false,
    likes_count: 0,
    has_liked: false,
    replies: [],
    ...overrides,
  };
}

/** A quick action's answer (`POST /api/users/social-action`), a like at the lowest tier unless overridden. */
export const socialAnswer = (contentId: string, overrides: Record<string, unknown> = {}) => ({
  success: true,
  action_type: 'like',
  reference_id: contentId,
  points_earned: 0.1,
  multiplier: 1,
  engagement_shares_earned: 1,
  engagement_shares_remaining: 19,
  daily_points_remaining: 49.9,
  daily_limit_reached: false,
  message: null,
  ...overrides,
});

/** A posted comment's answer: the comment and what it earned (`reward`). */
export const postedComment = (comment: CommentView, reward: Record<string, unknown> | null = {}) => {
  if (reward === null) return { ...comment, reward: null };
  const {
    success: _success,
    reference_id: _reference,
    ...rest
  } = socialAnswer(comment.content_id, {
    action_type: 'comment',
    points_earned: 0.3,
    engagement_shares_earned: 3,
    ...reward,
  });
  return { ...comment, reward: rest };
};

export const userStatus = (contentId: string, overrides: Record<string, unknown> = {}) => ({
  content_id: contentId,
  has_liked: false,
  has_saved: false,
  is_owner: false,
  owned_shares: 0,
  ...overrides,
});

export const sponsorship = (contentId: string, overrides: Record<string, unknown> = {}) => ({
  content_id: contentId,
  is_sponsored: false,
  sponsor_count: 0,
  total_boost_multiplier: 0,
  boost_multiplier: 0,
  sponsor_names: [],
  primary_sponsor: null,
  advertiser_name: null,
  total_gems_allocated: 0,
  gems_allocated: 0,
  ends_at: null,
  ...overrides,
});

export const tipAnswer = (contentId: string, amount: number) => ({
  success: true,
  kind: 'tip',
  transaction_id: 't1',
  content_id: contentId,
  amount,
  currency_type: 'Gems',
  usd_value: amount / 100,
  new_revenue: amount / 100,
  new_share_price: 0.01,
});
