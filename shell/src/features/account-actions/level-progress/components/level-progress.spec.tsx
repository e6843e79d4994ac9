import { screen } from '@testing-library/react';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import { LevelChip, LevelProgressCard } from './level-progress';

/** What GET /api/users/me/progress answers for an amount of XP: level n spans 1000·n to 1000·(n+1). */
function progressFor(xp: number) {
  const level = Math.floor(xp / 1000);
  return {
    xp_points: xp,
    level,
    level_start_xp: level * 1000,
    next_level_xp: (level + 1) * 1000,
    xp_to_next_level: (level + 1) * 1000 - xp,
    level_progress_percent: ((xp - level * 1000) / 1000) * 100,
  };
}

describe('Level progress', () => {
  it('shows the level, the bar and the XP to the next level', async () => {
    installFakeApi().on('GET /api/users/me/progress', { body: progressFor(3250) });
    renderAccount(
      <>
        <LevelProgressCard />
        <LevelChip />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Level 3' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Level 3 progress' })).toHaveAttribute('value', '250');
    expect(screen.getByText('3,250 XP · 750 XP to level 4')).toBeInTheDocument();
    expect(screen.getByText('Level 3 runs from 3,000 to 4,000 XP.')).toBeInTheDocument();
    expect(screen.getByText('(level 3, 750 XP to level 4)', { exact: false })).toBeInTheDocument();
  });

  it('starts at level 0 with 1000 XP to go', async () => {
    installFakeApi().on('GET /api/users/me/progress', { body: progressFor(0) });
    renderAccount(<LevelProgressCard />);
    expect(await screen.findByText('0 XP · 1,000 XP to level 1')).toBeInTheDocument();
  });

  it('shows a load failure on the card and nothing in the header', async () => {
    installFakeApi().on('GET /api/users/me/progress', {
      status: 500,
      body: { error: 'Progress unavailable', code: 'INTERNAL' },
    });
    renderAccount(
      <>
        <LevelProgressCard />
        <LevelChip />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Progress unavailable');
    expect(screen.queryByText(/Lv/)).not.toBeInTheDocument();
  });
});
