import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen, within } from '@testing-library/react';
import { StakingSummary } from './staking-summary';

const position = (id: string, amount: number, earned: number) => ({
  id,
  channel_id: 'c',
  channel_name: 'Steady',
  amount,
  multiplier: 1.01,
  staked_at: '2026-11-01T00:00:00.000Z',
  lock_until: '2026-12-01T00:00:00.000Z',
  earned_so_far: earned,
  projected_total_reward: 1,
  daily_reward: 0.03,
  status: 'active',
});

describe('the staking summary for the wallet', () => {
  it('shows the real staked and earned totals of the user', async () => {
    answerApiCalls({ 'GET /api/growth/staking': { body: [position('a', 100.5, 0.1), position('b', 200, 0.2)] } });
    renderWithPlatform(<StakingSummary />);
    const figures = await screen.findByLabelText('Staking figures');
    expect(within(figures).getByText('300.5 gems')).toBeInTheDocument();
    expect(within(figures).getByText('0.3 gems')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage stakes' })).toHaveAttribute('href', '/growth-hub');
  });

  it('offers Start Staking with no stakes', async () => {
    answerApiCalls({ 'GET /api/growth/staking': { body: [] } });
    renderWithPlatform(<StakingSummary />);
    expect(await screen.findByRole('link', { name: 'Start Staking' })).toBeInTheDocument();
  });
});
