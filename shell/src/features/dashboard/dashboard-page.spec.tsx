import { installFakeApi } from '../../testing/fake-api';
import { createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DashboardPage from './dashboard-page';
import { feedContent, feedDrop, feedForecast } from './feed-test-data';

const renderDashboard = (overrides = {}) =>
  renderWithPlatform(<DashboardPage />, {
    route: '/dashboard',
    user: createUser({ gems_balance: '25', points_streak_days: 4, ...overrides }),
  });

describe('Dashboard', () => {
  it('shows tier, multiplier, streak and balances, and asks for gems below 10', async () => {
    installFakeApi().on('GET /api/feed', { body: { tab: 'for-you', items: [], next_cursor: null } });
    const { unmount } = renderDashboard({ user_tier: 'premium' });
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText(/Premium tier · 1.5x points/)).toBeInTheDocument();
    expect(screen.getByTestId('streak')).toHaveTextContent('4-day streak');
    expect(screen.getByTestId('balance-gems_balance')).toHaveTextContent('25');
    expect(screen.getByRole('link', { name: 'Create content' })).toHaveAttribute('href', '/create');
    expect(screen.queryByRole('link', { name: /Buy gems/ })).not.toBeInTheDocument();
    unmount();

    renderDashboard({ gems_balance: '9.5' });
    expect(screen.getByRole('link', { name: /Buy gems/ })).toHaveAttribute('href', '/gem-store');
  });

  it('lists For You with sponsored content and drops, each linking to its page', async () => {
    const api = installFakeApi().on('GET /api/feed', (call) => ({
      body:
        call.query.get('tab') === 'for-you'
          ? {
              tab: 'for-you',
              items: [feedContent({ title: 'Boosted clip' }, true), feedDrop({ title: 'Review our app' })],
              next_cursor: null,
            }
          : { tab: call.query.get('tab'), items: [], next_cursor: null },
    }));
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'for-you feed' });
    expect(within(list).getByRole('link', { name: 'Boosted clip' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/content\//),
    );
    expect(within(list).getByText(/Sponsored · 2x/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Review our app' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/task\//),
    );
    expect(api.callsTo('GET /api/feed')[0].query.get('tab')).toBe('for-you');
  });

  it('heads For You with the open forecasts, real ones from the forecasts API (expired ones left out)', async () => {
    const api = installFakeApi()
      .on('GET /api/feed', { body: { tab: 'for-you', items: [feedContent({ title: 'A clip' })], next_cursor: null } })
      .on('GET /api/social-forecasts', {
        body: {
          forecasts: [
            feedForecast({ content_title: 'Sunset timelapse' }),
            feedForecast({ content_title: 'Gone by now', expires_at: '2020-01-01T00:00:00.000Z' }),
          ],
        },
      });
    renderDashboard();
    const strip = await screen.findByRole('region', { name: 'Open forecasts' });
    const card = within(strip).getByRole('article', { name: 'Forecast: Sunset timelapse' });
    expect(within(card).getByText('3x odds')).toBeInTheDocument();
    expect(within(card).getByText('12K views target · now 4.3K')).toBeInTheDocument();
    expect(within(card).getByText(/Pool \$75\.50 · Grace staked \$40\.00 on under · 2d 5h left/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Predict' })).toHaveAttribute('href', '/invest/social-forecasts');
    expect(within(strip).queryByText('Gone by now')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/social-forecasts')[0].query.get('status')).toBe('active');
    // Only For You carries them.
    await userEvent.click(screen.getByRole('tab', { name: 'Social Feed' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Open forecasts' })).not.toBeInTheDocument());
  });

  it('shows empty states with links to /create and /earn, and pages the Social Feed with its cursor', async () => {
    installFakeApi().on('GET /api/feed', (call) => {
      const tab = call.query.get('tab');
      if (tab !== 'social') return { body: { tab, items: [], next_cursor: null } };
      return call.query.get('cursor') === 'page-2'
        ? { body: { tab, items: [feedContent({ title: 'Older post' })], next_cursor: null } }
        : { body: { tab, items: [feedContent({ title: 'Newest post' })], next_cursor: 'page-2' } };
    });
    renderDashboard();
    expect(await screen.findByText('Nothing for you yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Browse drops/ })).toHaveAttribute('href', '/earn');

    await userEvent.click(screen.getByRole('tab', { name: 'Social Feed' }));
    expect(await screen.findByRole('link', { name: 'Newest post' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Older post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Opportunities' }));
    expect(await screen.findByText('No open drops')).toBeInTheDocument();
  });

  it('shows a failed feed as an error with Try again', async () => {
    installFakeApi().on('GET /api/feed', { status: 503, body: { error: 'Feed is warming up', code: 'UNAVAILABLE' } });
    renderDashboard();
    expect(await screen.findByText(/Feed is warming up/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens saved content from the Saved tile and removes an item', async () => {
    let saved = [
      {
        id: 's1',
        content_id: 'c1',
        content_title: 'Saved clip',
        content_platform: 'youtube',
        content_url: 'https://youtube.com/x',
        creator_name: 'Grace',
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ];
    const api = installFakeApi()
      .on('GET /api/feed', { body: { tab: 'for-you', items: [], next_cursor: null } })
      .on('GET /api/users/saved-content', () => ({ body: saved }))
      .on('DELETE /api/users/saved-content/c1', () => {
        saved = [];
        return { body: { success: true, content_id: 'c1' } };
      });
    renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved Content' });
    expect(await within(dialog).findByRole('link', { name: 'Saved clip' })).toHaveAttribute('href', '/content/c1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Nothing saved yet')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('DELETE /api/users/saved-content/c1')).toHaveLength(1));
  });
});
