// Component-test data the remotes share (never bundled: only tests import @app/platform/testing): a drop and a
// content item as the API answers them, so screens parse them with the contracts' own schemas.
import type { ContentView } from '@app/contracts/content';
import type { DropView } from '@app/contracts/drops';

let dropSequence = 0;

export function createDrop(overrides: Partial<DropView> = {}): DropView {
  dropSequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(dropSequence).padStart(12, '0')}`,
    title: `Drop ${dropSequence}`,
    description: 'Make something great',
    preview_image: null,
    content_url: null,
    creator_id: 'advertiser-1',
    creator_name: 'Acme Brand',
    creator_avatar: null,
    platform: null,
    status: 'active',
    difficulty: 'easy',
    drop_type: 'content_clipping',
    kind: 'proof',
    key_cost: 0,
    gem_reward_base: 0,
    gem_pool_total: 0,
    gem_pool_remaining: 0,
    follower_threshold: 0,
    time_commitment: null,
    requirements: null,
    deliverables: null,
    deadline_at: null,
    max_participants: null,
    current_participants: 0,
    move_cost_points: 0,
    move_actions: null,
    key_reward_amount: 0,
    key_pool_total: 0,
    key_pool_remaining: 0,
    is_proof_drop: true,
    is_paid_drop: false,
    is_demo: false,
    reward_logic: null,
    total_applications: 0,
    gems_paid: 0,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

let contentSequence = 0;

export function createContent(overrides: Partial<ContentView> = {}): ContentView {
  contentSequence += 1;
  const id = overrides.id ?? `c0000000-0000-4000-8000-${String(contentSequence).padStart(12, '0')}`;
  return {
    id,
    user_id: 'creator-1',
    creator_id: 'creator-1',
    creator_name: 'Grace Hopper',
    creator_username: 'grace',
    creator_avatar: null,
    title: `Content ${contentSequence}`,
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
    metrics: {
      content_id: id,
      likes: 3,
      comments: 1,
      shares: 0,
      saves: 0,
      reposts: 0,
      views: 12,
      internal_moves: 0,
      external_moves: 0,
      total_engagement: 4,
    },
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
