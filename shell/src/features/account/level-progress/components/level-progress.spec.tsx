import { screen } from '@testing-library/react';
import { installFakeApi } from '../../testing/fake-api';
import { renderAccount } from '../../testing/render-account';
import { levelProgress, userLevelProgress } from '../hooks/level-progress';
import { LevelChip, LevelProgressCard } from './level-progress';

describe('Level progress', () => {
  beforeEach(() => installFakeApi());

  it('places level n between 1000·n and 1000·(n+1) XP', () => {
    expect(levelProgress(0)).toMatchObject({ level: 0, levelStartXp: 0, nextLevelXp: 1000, xpToNextLevel: 1000 });
    expect(levelProgress(999)).toMatchObject({ level: 0, xpIntoLevel: 999, xpToNextLevel: 1 });
    expect(levelProgress(1000)).toMatchObject({ level: 1, levelStartXp: 1000, nextLevelXp: 2000, xpIntoLevel: 0 });
    expect(levelProgress(5350)).toMatchObject({ level: 5, xpIntoLevel: 350, xpToNextLevel: 650 });
  });

  it('shows nothing when the server sent no XP', () => {
    expect(userLevelProgress({ xp_points: null })).toBeNull();
    renderAccount(<LevelProgressCard />, { user: { xp_points: undefined } });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the level, the bar and the XP to the next level', () => {
    renderAccount(
      <>
        <LevelProgressCard />
        <LevelChip />
      </>,
      { user: { xp_points: 3250 } },
    );
    expect(screen.getByRole('heading', { name: 'Level 3' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Level 3 progress' })).toHaveAttribute('value', '250');
    expect(screen.getByText('3,250 XP · 750 XP to level 4')).toBeInTheDocument();
    expect(screen.getByText('Level 3 runs from 3,000 to 4,000 XP.')).toBeInTheDocument();
    expect(screen.getByText('(level 3, 750 XP to level 4)', { exact: false })).toBeInTheDocument();
  });
});
