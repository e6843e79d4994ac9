import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import AdvertiserRoutes from './routes';

describe('mf_advertiser routes', () => {
  it('sends a user who is not an advertiser to onboarding', async () => {
    const calls = answerApiCalls({});
    renderWithPlatform(<AdvertiserRoutes />, { route: '/advertiser', user: createUser({ user_type: 'creator' }) });
    expect(await screen.findByRole('heading', { name: 'Become an advertiser' })).toBeInTheDocument();
    expect(calls).not.toContain('GET /api/advertisers/dashboard');
  });

  it("shows an advertiser's campaign totals from the API", async () => {
    answerApiCalls({ 'GET /api/advertisers/dashboard': { body: { status: 'ok', data: { active_campaigns: 2, total_spend: '1250.5', total_participants: 31 } } } });
    renderWithPlatform(<AdvertiserRoutes />, { route: '/advertiser', user: createUser({ user_type: 'advertiser', display_name: 'Acme' }) });
    expect(await screen.findByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Advertiser Dashboard' })).toBeInTheDocument();
  });

  it('shows an honest unavailable state when the dashboard endpoint does not exist yet', async () => {
    answerApiCalls({});
    renderWithPlatform(<AdvertiserRoutes />, { route: '/advertiser', user: createUser({ user_type: 'advertiser' }) });
    expect(await screen.findByRole('heading', { name: 'The advertiser dashboard is not open yet' })).toBeInTheDocument();
  });
});
