// Feed items as the API answers them (the content contract's FeedItem), for the dashboard's component tests, built on
// the content and drop the remotes' tests share.
import { createContent, createDrop } from '@app/platform/testing';

let sequence = 0;

export function feedContent(overrides: Record<string, unknown> = {}, sponsored = false) {
  sequence += 1;
  const id = `content-${sequence}`;
  return {
    type: 'content',
    sponsored,
    sponsorship: sponsored ? { total_boost_multiplier: 2, sponsor_count: 1, ends_at: null } : null,
    content: createContent({
      id,
      title: `Content ${sequence}`,
      description: null,
      platform_url: 'https://youtube.com/watch?v=1',
      likes_count: 2,
      comments_count: 1,
      is_sponsored: sponsored,
      metrics: {
        content_id: id,
        likes: 2,
        comments: 1,
        shares: 0,
        saves: 0,
        reposts: 0,
        views: 0,
        internal_moves: 0,
        external_moves: 0,
        total_engagement: 3,
      },
      ...overrides,
    }),
  };
}

export function feedDrop(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    type: 'drop',
    drop: createDrop({
      id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
      title: `Drop ${sequence}`,
      drop_type: 'paid_content',
      kind: 'paid',
      key_cost: 1,
      gem_reward_base: 50,
      gem_pool_total: 100,
      gem_pool_remaining: 100,
      is_proof_drop: false,
      is_paid_drop: true,
      ...overrides,
    }),
  };
}

/** A social forecast as `GET /api/social-forecasts` answers it (the forecasts contract's SocialForecast). */
export function feedForecast(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    id: `forecast-${sequence}`,
    content_id: 'c1',
    platform: 'youtube',
    content_url: 'https://youtube.com/watch?v=abc',
    content_title: 'Sunset timelapse',
    content_platform: 'youtube',
    forecast_type: 'views',
    target_value: 12000,
    current_value: 4300,
    odds: 3,
    expires_at: new Date(Date.now() + (2 * 24 + 5) * 3_600_000 + 60_000).toISOString(),
    status: 'active',
    pool_size: 75.5,
    creator_id: 'u9',
    creator_name: 'Grace',
    creator_avatar: null,
    creator_side: 'under',
    creator_initial_amount: 40,
    total_over_amount: 35.5,
    total_under_amount: 40,
    over_count: 1,
    under_count: 1,
    participant_count: 2,
    resolved_value: null,
    winning_side: null,
    resolved_at: null,
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}
