import { installFakeApi } from '../../testing/fake-api';
import { apiUser, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Holding } from '@app/contracts/market';
import ProfilePage from './profile-page';

const renderProfile = (route: string, user = createUser()) =>
  renderWithPlatform(
    <Routes>
      <Route path="/profile/:username" element={<ProfilePage />} />
      <Route path="/users/:username" element={<ProfilePage />} />
      <Route path="/users/id/:id" element={<ProfilePage />} />
    </Routes>,
    { route, user },
  );

const contentPage = (creatorId: string, titles: string[]) => ({
  items: titles.map((title, index) => ({
    id: `content-${index}`,
    user_id: creatorId,
    creator_id: creatorId,
    creator_name: 'Someone',
    creator_username: 'someone',
    creator_avatar: null,
    title,
    description: null,
    platform: 'instagram',
    platform_url: 'https://instagram.com/p/1',
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
    likes_count: 7,
    comments_count: 0,
    reposts_count: 0,
    shares_count: 0,
    is_demo: false,
    is_sponsored: false,
    status: 'active',
    metrics: {
      content_id: `content-${index}`,
      likes: 7,
      comments: 0,
      shares: 0,
      saves: 0,
      reposts: 0,
      views: 0,
      internal_moves: 0,
      external_moves: 0,
      total_engagement: 7,
    },
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
  })),
  next_cursor: null,
});

const holding = (overrides: Partial<Holding>): Holding => ({
  content_id: 'c1',
  content_title: 'Sunset timelapse',
  content_thumbnail: null,
  creator_id: 'u7',
  creator_name: 'Kim',
  creator_avatar: null,
  platform: 'youtube',
  owned_shares: 12,
  available_to_sell: 8,
  avg_cost: 0.01,
  current_price: 0.05,
  market_value: 0.6,
  unrealized_gain: 0.48,
  day_change_pct: 0,
  week_change_pct: 0,
  month_change_pct: 0,
  last_trade_at: null,
  is_listed: true,
  listing_id: 'l1',
  visibility: 'public',
  ...overrides,
});

const publicSam = {
  user: { ...apiUser({ id: 'sam-1', username: 'sam', display_name: 'Sam', user_type: 'investor' }) },
  content: [],
  drops: [],
  leaderboard_position: null,
};

describe('Profile page', () => {
  it('shows the own profile with its five tabs for an advertiser, the earnings card and the content tab', async () => {
    const api = installFakeApi()
      .on('GET /api/users/me/wallets', {
        body: [
          { currency_type: 'usd', balance: 12.5, available_balance: 12.5, held_balance: 0 },
          { currency_type: 'gems', balance: 40, available_balance: 40, held_balance: 0 },
        ],
      })
      .on('GET /api/content', (call) => ({ body: contentPage(call.query.get('creator_id') ?? '', ['My first reel']) }));
    renderProfile('/profile/ada', createUser({ user_type: 'advertiser', total_earnings_usd: 3.5 }));
    const tabs = screen.getByRole('tablist', { name: 'Your profile' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overview', 'Content', 'Drops Created', 'Applications', 'Achievements']);
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(within(await screen.findByLabelText('Wallet balances')).getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByText('$3.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    expect(await screen.findByRole('link', { name: 'My first reel' })).toHaveAttribute('href', '/content/content-0');
    expect(api.callsTo('GET /api/content')[0].query.get('creator_id')).toBe('user-1');
  });

  it('hides Drops Created from a creator and offers /create on an empty content tab', async () => {
    installFakeApi().on('GET /api/content', { body: { items: [], next_cursor: null } });
    renderProfile('/profile/me');
    expect(screen.queryByRole('tab', { name: 'Drops Created' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    expect(await screen.findByText('No content yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create content' })).toHaveAttribute('href', '/create');
  });

  it('lists the own applications and achievements in their tabs', async () => {
    const application = {
      id: 'a1',
      drop_id: 'd1',
      drop_title: 'Review our app',
      drop_kind: 'paid',
      advertiser_brand_name: 'Acme',
      user_id: 'user-1',
      applicant_name: 'Ada',
      status: 'paid',
      application_message: 'Pick me',
      submission_type: null,
      submission_data: null,
      submission_url: null,
      submission_notes: null,
      key_cost: 1,
      points_cost: 0,
      gems_earned: 50,
      keys_earned: 0,
      review_score: 9,
      is_demo: false,
      applied_at: '2026-11-20T10:00:00.000Z',
      approved_at: null,
      rejected_at: null,
      submitted_at: null,
      completed_at: null,
      paid_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
    };
    const achievement = {
      id: 'first-steps',
      name: 'First Steps',
      description: 'Complete your first action.',
      icon: 'star',
      category: 'engagement',
      criteria_type: 'account_created',
      criteria_value: 1,
      criteria_field: 'account_created',
      gold_reward: 5,
      xp_reward: 100,
      progress: 1,
      is_completed: false,
      is_claimable: true,
      completed_at: null,
    };
    installFakeApi()
      .on('GET /api/users/drop-applications', { body: [application] })
      .on('GET /api/users/achievements', { body: [achievement] });
    renderProfile('/profile/ada');
    await userEvent.click(screen.getByRole('tab', { name: 'Applications' }));
    const applications = await screen.findByRole('list', { name: 'Applications' });
    expect(within(applications).getByRole('link', { name: 'Review our app' })).toHaveAttribute('href', '/task/d1');
    expect(within(applications).getByText('50 gems')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    const achievements = await screen.findByRole('list', { name: 'Achievements' });
    expect(within(achievements).getByText('Complete your first action.')).toBeInTheDocument();
    expect(within(achievements).getByText('claimable')).toBeInTheDocument();
  });

  it("shows someone else's public profile without earnings, referral or applications; advertisers add Drops Created", async () => {
    installFakeApi()
      .on('GET /api/users/public/brand', {
        body: {
          user: {
            ...apiUser({
              id: 'brand-1',
              username: 'brand',
              display_name: 'Brand Co',
              user_type: 'advertiser',
              bio: 'We sell things',
            }),
          },
          content: [],
          drops: [],
          leaderboard_position: { daily_rank: 3, composite_score: 120 },
        },
      })
      .on('GET /api/drops', { body: [] });
    renderProfile('/users/brand');
    expect(await screen.findByRole('heading', { name: 'Brand Co' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overview', 'Content', 'Drops Created', 'Achievements']);
    expect(screen.getByText(/#3 on today's leaderboard/)).toBeInTheDocument();
    expect(screen.queryByText('Earnings')).not.toBeInTheDocument();
    expect(screen.queryByText(/Referral/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it('says User Not Found with a link home for an unknown user, and offers a retry for other failures', async () => {
    installFakeApi().on('GET /api/users/public/nobody', {
      status: 404,
      body: { error: 'User not found', code: 'USER_NOT_FOUND' },
    });
    const { unmount } = renderProfile('/users/nobody');
    expect(await screen.findByRole('heading', { name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    unmount();
    installFakeApi().on('GET /api/users/public/id/u9', {
      status: 500,
      body: { error: 'boom', code: 'INTERNAL_ERROR' },
    });
    renderProfile('/users/id/u9');
    expect(await screen.findByText('boom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
  it("shows someone's public holdings with Make offer (never a private one) and sends an offer on their unlisted shares", async () => {
    const api = installFakeApi()
      .on('GET /api/users/public/sam', { body: publicSam })
      .on('GET /api/portfolio/holdings', {
        body: {
          holdings: [
            holding({}),
            holding({ content_id: 'c2', content_title: 'Secret stash', visibility: 'private' }),
            holding({ content_id: 'c3', content_title: 'All listed', available_to_sell: 0 }),
          ],
        },
      })
      .on('POST /api/shares/offers', (call) => ({
        status: 201,
        body: {
          id: 'o1',
          content_id: 'c1',
          content_title: 'Sunset timelapse',
          buyer_id: 'user-1',
          buyer_name: 'Ada',
          seller_id: 'sam-1',
          seller_name: 'Sam',
          quantity: 4,
          bid_price: 0.04,
          total: 0.16,
          status: 'pending',
          message: (call.body as { message: string | null }).message,
          created_at: '2026-12-01T10:00:00.000Z',
          expires_at: '2026-12-08T10:00:00.000Z',
        },
      }));
    renderProfile('/users/sam', createUser({ usd_balance: '5' }));
    const holdings = await screen.findByRole('list', { name: 'Public holdings' });
    expect(api.callsTo('GET /api/portfolio/holdings')[0].query.get('userId')).toBe('sam-1');
    expect(within(holdings).queryByText('Secret stash')).not.toBeInTheDocument();
    expect(within(holdings).getByText('All shares listed for resale')).toBeInTheDocument();
    expect(within(holdings).queryByRole('link', { name: /^View/ })).not.toBeInTheDocument();
    await userEvent.click(within(holdings).getByRole('button', { name: 'Make offer to Sam for Sunset timelapse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an Offer' });
    const quantity = within(dialog).getByLabelText('Quantity');
    expect(quantity).toHaveValue(2); // 25 % of the 8 unlisted shares
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    const price = within(dialog).getByLabelText('Offer price per share (USD)');
    await userEvent.clear(price);
    await userEvent.type(price, '0.04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/shares/offers').map((call) => call.body)).toEqual([
      { content_id: 'c1', seller_id: 'sam-1', quantity: 4, bid_price: 0.04, message: null },
    ]);
  });

  it('shows the owner their public holdings with View only', async () => {
    installFakeApi()
      .on('GET /api/users/me/wallets', { body: [] })
      .on('GET /api/portfolio/holdings', {
        body: {
          holdings: [holding({}), holding({ content_id: 'c2', content_title: 'Secret stash', visibility: 'private' })],
        },
      });
    renderProfile('/profile/ada');
    const holdings = await screen.findByRole('list', { name: 'Public holdings' });
    expect(within(holdings).getByRole('link', { name: 'View Sunset timelapse' })).toHaveAttribute(
      'href',
      '/portfolio/holdings/c1',
    );
    expect(within(holdings).queryByText('Secret stash')).not.toBeInTheDocument();
    expect(within(holdings).queryByRole('button', { name: /Make offer/ })).not.toBeInTheDocument();
  });

  it('shows the badges someone earned in their Achievements tab, or that there are none', async () => {
    const badge = {
      id: 'first-steps',
      name: 'First Steps',
      description: 'Complete your first action.',
      icon: 'star',
      category: 'engagement',
      criteria_type: 'account_created',
      criteria_value: 1,
      criteria_field: 'account_created',
      gold_reward: 5,
      xp_reward: 100,
      progress: 1,
      is_completed: true,
      is_claimable: false,
      completed_at: '2026-11-30T10:00:00.000Z',
    };
    const api = installFakeApi()
      .on('GET /api/users/public/sam', { body: publicSam })
      .on('GET /api/portfolio/holdings', { body: { holdings: [] } })
      .on('GET /api/users/achievements', (call) => ({ body: call.query.get('userId') === 'sam-1' ? [badge] : [] }));
    const { unmount } = renderProfile('/users/sam');
    await userEvent.click(await screen.findByRole('tab', { name: 'Achievements' }));
    const earned = await screen.findByRole('list', { name: 'Earned achievements' });
    expect(within(earned).getByText('First Steps')).toBeInTheDocument();
    expect(within(earned).getByText(/^Earned /)).toBeInTheDocument();
    expect(api.callsTo('GET /api/users/achievements')[0].query.get('userId')).toBe('sam-1');
    expect(screen.queryByText('Achievements are private')).not.toBeInTheDocument();
    unmount();
    installFakeApi()
      .on('GET /api/users/public/sam', { body: publicSam })
      .on('GET /api/portfolio/holdings', { body: { holdings: [] } })
      .on('GET /api/users/achievements', { body: [] });
    renderProfile('/users/sam');
    await userEvent.click(await screen.findByRole('tab', { name: 'Achievements' }));
    expect(await screen.findByRole('heading', { name: 'No badges yet' })).toBeInTheDocument();
  });
});
