import { apiMe } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import { achievementState } from '../api/achievements';
import AchievementsDialog from './achievements-dialog';

function achievement(overrides: Record<string, unknown>) {
  return {
    id: 'first-steps',
    name: 'First Steps',
    description: 'Complete your first action.',
    icon: '👣',
    category: 'engagement',
    criteria_type: 'account_created',
    criteria_value: 1,
    criteria_field: 'account_created',
    gold_reward: 5,
    xp_reward: 100,
    is_completed: false,
    progress: 0,
    completed_at: null,
    ...overrides,
    is_claimable: !overrides.is_completed && Number(overrides.progress ?? 0) >= Number(overrides.criteria_value ?? 1),
  };
}

describe('Achievements', () => {
  it('is locked below the criteria, claimable at it, completed after a claim', () => {
    expect(achievementState({ is_completed: false, progress: 99, criteria_value: 100 })).toBe('locked');
    expect(achievementState({ is_completed: false, progress: 100, criteria_value: 100 })).toBe('claimable');
    expect(achievementState({ is_completed: true, progress: 100, criteria_value: 100 })).toBe('completed');
  });

  it('groups achievements under category tabs', async () => {
    const user = userEvent.setup();
    installFakeApi().on('GET /api/users/achievements', {
      body: [
        achievement({}),
        achievement({
          id: 'social-butterfly',
          name: 'Social Butterfly',
          category: 'social',
          criteria_type: 'follower_count',
          criteria_value: 100,
          progress: 40,
          gold_reward: 25,
          xp_reward: 500,
        }),
      ],
    });
    renderAccount(<AchievementsDialog open onOpenChange={() => undefined} />);
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['All', 'Engagement', 'Social']);
    await user.click(screen.getByRole('tab', { name: 'Social' }));
    const panel = screen.getByRole('tabpanel');
    const card = within(panel).getByRole('listitem', { name: 'Social Butterfly' });
    expect(within(card).getByText('Locked')).toBeInTheDocument();
    expect(within(card).getByText('40 / 100')).toBeInTheDocument();
    expect(within(panel).queryByRole('listitem', { name: 'First Steps' })).not.toBeInTheDocument();
  });

  it('claims a claimable achievement and toasts the gold and XP gained', async () => {
    const user = userEvent.setup();
    let claimed = false;
    const api = installFakeApi()
      .on('GET /api/users/achievements', () => ({ body: [achievement({ progress: 1, is_completed: claimed })] }))
      .on('POST /api/users/achievements/first-steps/claim', () => {
        claimed = true;
        return {
          body: {
            success: true,
            achievement_id: 'first-steps',
            gold_reward: 5,
            xp_reward: 100,
            xp_gained: 300,
            xp_points: 400,
            level: 0,
            transaction_id: 't',
            message: 'Claimed',
          },
        };
      })
      .on('GET /api/users/me', { body: apiMe({ gold_collected: 5, xp_points: 100 }) });
    const { refreshes } = renderAccount(<AchievementsDialog open onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Claim First Steps' }));
    expect(await screen.findByText('Achievement unlocked: First Steps')).toBeInTheDocument();
    // A running 7-Day XP Boost triples the XP: the toast shows what was actually gained.
    expect(screen.getByText('+5 gold · +300 XP')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Completed').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Claim First Steps' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/users/achievements/first-steps/claim')).toHaveLength(1);
    expect(refreshes.count).toBe(1);
  });

  it("shows the server's refusal of a claim", async () => {
    const user = userEvent.setup();
    installFakeApi()
      .on('GET /api/users/achievements', { body: [achievement({ progress: 1 })] })
      .on('POST /api/users/achievements/first-steps/claim', {
        status: 409,
        body: { error: 'Achievement already claimed', code: 'ALREADY_CLAIMED' },
      });
    renderAccount(<AchievementsDialog open onOpenChange={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Claim First Steps' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Achievement already claimed');
  });

  it('shows the six built-in achievements only when the list fails to load, clearly marked and not claimable', async () => {
    installFakeApi().on('GET /api/users/achievements', { status: 503 });
    renderAccount(<AchievementsDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByText(/Your progress could not be loaded/)).toBeInTheDocument();
    const names = within(screen.getByRole('tabpanel'))
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual([
      'First Steps',
      'Content Creator',
      'Social Butterfly',
      'Level Up',
      'Big Spender',
      'Master Creator',
    ]);
    expect(screen.getByRole('listitem', { name: 'Master Creator' })).toHaveTextContent('Reward: 50 gold · 1,000 XP');
    expect(screen.queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
  });

  it('shows an empty state when there are no achievements', async () => {
    installFakeApi().on('GET /api/users/achievements', { body: [] });
    renderAccount(<AchievementsDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'No achievements yet' })).toBeInTheDocument();
  });
});
