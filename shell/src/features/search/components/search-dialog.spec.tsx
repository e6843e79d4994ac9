import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAccount } from '../../../testing/render-account';
import SearchDialog from './search-dialog';

const results = {
  query: 'mo',
  total: 3,
  content: [
    {
      id: 'c1',
      title: 'Morning routine reel',
      description: null,
      platform: 'instagram',
      creator_name: 'Ada',
      share_price: 12.5,
    },
  ],
  drops: [
    {
      id: 'd1',
      title: 'Review our app',
      description: 'Tell us what you think',
      drop_type: 'reviews',
      gem_reward_base: 50,
      key_cost: 1,
      status: 'active',
      creator_name: 'Brand',
      current_participants: 3,
    },
  ],
  users: [
    {
      id: 'u1',
      username: 'morgan',
      display_name: 'Morgan',
      avatar_url: null,
      level: 4,
      user_tier: 'premium',
      follower_count: 1200,
      user_type: 'creator',
    },
  ],
};

describe('Search', () => {
  afterEach(() => jest.useRealTimers());

  it('searches only from 2 characters, 300 ms after typing stops', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = installFakeApi().on('GET /api/search', { body: results });
    renderAccount(<SearchDialog open onOpenChange={() => undefined} />);
    const input = await screen.findByLabelText('Search content, drops and people');
    await user.type(input, 'm');
    await act(async () => jest.advanceTimersByTime(1000));
    expect(api.callsTo('GET /api/search')).toHaveLength(0);
    await user.type(input, 'or');
    await act(async () => jest.advanceTimersByTime(299));
    expect(api.callsTo('GET /api/search')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1));
    expect(api.callsTo('GET /api/search')).toHaveLength(1);
    expect(api.callsTo('GET /api/search')[0].query.get('q')).toBe('mor');
  });

  it('shows results under All, Content, Drops and Users', async () => {
    const user = userEvent.setup();
    installFakeApi().on('GET /api/search', { body: results });
    renderAccount(<SearchDialog open onOpenChange={() => undefined} />);
    await user.type(screen.getByLabelText('Search content, drops and people'), 'mo');
    const allList = await screen.findByRole('list', { name: 'Results results' });
    expect(
      within(allList)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/content/c1', '/task/d1', '/users/morgan']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All (3)',
      'Content (1)',
      'Drops (1)',
      'Users (1)',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Users (1)' }));
    const users = screen.getByRole('list', { name: 'Users results' });
    expect(users).toHaveTextContent('Morgan');
    expect(users).toHaveTextContent('@morgan · level 4 · premium · 1.2K followers');
    await user.click(screen.getByRole('tab', { name: 'Drops (1)' }));
    expect(screen.getByRole('list', { name: 'Drops results' })).toHaveTextContent(
      'reviews · 50 gems · 1 keys · active · 3 joined',
    );
  });

  it('says when nothing matches, and shows a failure with Try again', async () => {
    const user = userEvent.setup();
    const api = installFakeApi().on('GET /api/search', {
      body: { query: 'zz', total: 0, content: [], drops: [], users: [] },
    });
    renderAccount(<SearchDialog open onOpenChange={() => undefined} />);
    await user.type(screen.getByLabelText('Search content, drops and people'), 'zz');
    expect(await screen.findByText('No results match “zz”.')).toBeInTheDocument();
    api.on('GET /api/search', { status: 500, body: { error: 'Search index unavailable', code: 'INTERNAL' } });
    await user.type(screen.getByLabelText('Search content, drops and people'), 'z');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed: Search index unavailable');
  });
});
