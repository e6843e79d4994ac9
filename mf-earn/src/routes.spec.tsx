import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import EarnRoutes from './routes';

describe('mf_earn routes', () => {
  it('lists the open drops from the API with their reward and cost', async () => {
    answerApiCalls({
      'GET /api/drops': { body: [{ id: 7, title: 'Film an unboxing', drop_type: 'paid', key_cost: 2, gem_reward_base: '15', current_participants: 1200 }] },
    });
    renderWithPlatform(<EarnRoutes />, { route: '/earn', user: createUser({ keys_balance: '4' }) });
    expect(await screen.findByRole('link', { name: 'Film an unboxing' })).toHaveAttribute('href', '/task/7');
    expect(screen.getByText('15 gems')).toBeInTheDocument();
    expect(screen.getByText('2 keys to apply')).toBeInTheDocument();
    expect(screen.getByText('1.2K taking part')).toBeInTheDocument();
    expect(screen.getByText(/You have 4 keys/)).toBeInTheDocument();
  });

  it('says honestly when no drops are open', async () => {
    answerApiCalls({ 'GET /api/drops': { body: { drops: [] } } });
    renderWithPlatform(<EarnRoutes />, { route: '/earn' });
    expect(await screen.findByRole('heading', { name: 'No drops open right now' })).toBeInTheDocument();
  });

  it('shows an unavailable state, not sample data, when the server has no drops endpoint', async () => {
    answerApiCalls({});
    renderWithPlatform(<EarnRoutes />, { route: '/earn' });
    expect(await screen.findByRole('heading', { name: 'Drops is not open yet' })).toBeInTheDocument();
  });

  it('renders Page Not Found for a path it does not own', () => {
    answerApiCalls({});
    renderWithPlatform(<EarnRoutes />, { route: '/earn-more/nothing' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
