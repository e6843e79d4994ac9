import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAccount } from '../../../testing/render-account';
import { formatScore } from '../api/leaderboard';
import LeaderboardPage from './leaderboard-page';

/** An entry as the API answers it: the server ranks and scores (COMPOSITE_WEIGHTS), the screen only shows. */
function entry(
  name: string,
  rank: number,
  figures: { points?: number; gems?: number; keys?: number; gold?: number },
  composite: number,
) {
  return {
    id: name,
    rank,
    username: name,
    display_name: name,
    avatar_url: null,
    points_earned: figures.points ?? 0,
    gems_earned: figures.gems ?? 0,
    keys_used: figures.keys ?? 0,
    gold_collected: figures.gold ?? 0,
    composite_score: composite,
  };
}

describe('Leaderboard', () => {
  it('shows scores to one decimal', () => {
    expect(formatScore(30.3)).toBe('30.3');
    expect(formatScore(12)).toBe('12.0');
  });

  it('shows the formula, the ranking with top-3 icons and the totals', async () => {
    installFakeApi().on('GET /api/leaderboard/daily', {
      body: [
        entry('ada', 1, { points: 400, gems: 20 }, 108),
        entry('bob', 2, { points: 200 }, 50),
        entry('cy', 3, { gems: 10 }, 4),
        entry('dee', 4, { keys: 2 }, 0.3),
      ],
    });
    renderAccount(<LeaderboardPage />);
    expect(screen.getByText('Score = points × 0.25 + gems × 0.40 + keys × 0.15 + gold × 0.20')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Today rankings' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Rank 1: ada, score 108.0',
      'Rank 2: bob, score 50.0',
      'Rank 3: cy, score 4.0',
      'Rank 4: dee, score 0.3',
    ]);
    expect(within(rows[0]).getByRole('img', { name: 'First place' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('img', { name: 'Third place' })).toBeInTheDocument();
    expect(within(rows[3]).queryByRole('img')).not.toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Ranked4');
    expect(totals).toHaveTextContent('Points earned600');
    expect(totals).toHaveTextContent('Gems earned30');
  });

  it('loads each period from its own endpoint when its tab is chosen', async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/leaderboard/daily', { body: [] })
      .on('GET /api/leaderboard/weekly', { body: [entry('weekly-winner', 1, { points: 40 }, 10)] })
      .on('GET /api/leaderboard/monthly', { body: [entry('monthly-winner', 1, { gold: 10 }, 2)] });
    renderAccount(<LeaderboardPage />);
    expect(await screen.findByRole('heading', { name: 'No Rankings Yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'This Week' }));
    expect(await screen.findByRole('listitem', { name: 'Rank 1: weekly-winner, score 10.0' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'This Month' }));
    expect(await screen.findByRole('listitem', { name: 'Rank 1: monthly-winner, score 2.0' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual([
      '/api/leaderboard/daily',
      '/api/leaderboard/weekly',
      '/api/leaderboard/monthly',
    ]);
  });

  it('fails silently: a failed load reads as no rankings, with no error shown', async () => {
    installFakeApi().on('GET /api/leaderboard/daily', { status: 500, body: { error: 'boom', code: 'INTERNAL' } });
    renderAccount(<LeaderboardPage />);
    expect(await screen.findByRole('heading', { name: 'No Rankings Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
