// Component-test data for the content screens (never bundled: only *.spec.tsx import this file).
import type { CommentView, ContentView } from '@app/contracts/content';

let sequence = 0;

export function createContent(overrides: Partial<ContentView> = {}): ContentView {
  sequence += 1;
  const id = overrides.id ?? `c0000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    user_id: 'creator-1',
    creator_id: 'creator-1',
    creator_name: 'Grace Hopper',
    creator_username: 'grace',
    creator_avatar: null,
    title: `Content ${sequence}`,
    description: 'A short film about compilers',
    platform: 'youtube',
    platform_url: 'https://youtube.com/watch?v=abc',
    media_url: null,
    image_url: null,
    total_shares: 100,
    available_shares: 80,
    share_price: 0.01,
    engagement_shares_total: 20,
    engagement_shares_remaining: 20,
    current_revenue: 0,
    performance_metrics: { impressions: 0, clicks: 0, conversions: 0, engagement_rate: 0 },
    views_count: 0,
    likes_count: 0,
    comments_count: 0,
    reposts_count: 0,
    shares_count: 0,
    is_demo: false,
    is_sponsored: false,
    status: 'active',
    metrics: { content_id: id, likes: 3, comments: 1, shares: 0, saves: 0, reposts: 0, views: 12, internal_moves: 0, external_moves: 0, total_engagement: 4 },
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

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
  const { success: _success, reference_id: _reference, ...rest } = socialAnswer(comment.content_id, { action_type: 'comment', points_earned: 0.3, engagement_shares_earned: 3, ...reward });
  return { ...comment, reward: rest };
};

export const userStatus = (contentId: string, overrides: Record<string, unknown> = {}) => ({ content_id: contentId, has_liked: false, has_saved: false, is_owner: false, owned_shares: 0, ...overrides });

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
