import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import { createDashboard } from './features/dashboard/testing';
import AdvertiserRoutes from './routes';

describe('mf_advertiser routes', () => {
  it('offers a user who is not an advertiser the way to become one', async () => {
    const calls = answerApiCalls({});
    renderWithPlatform(<AdvertiserRoutes />, { route: '/advertiser', user: createUser({ user_type: 'creator' }) });
    expect(await screen.findByRole('heading', { name: 'Become an Advertiser' })).toBeInTheDocument();
    expect(calls).not.toContain('GET /api/advertisers/dashboard');
  });

  it("shows an advertiser's dashboard from the API", async () => {
    answerApiCalls({
      'GET /api/advertisers/dashboard': { body: createDashboard() },
      'GET /api/advertisers/suggested-content': { body: { status: 'success', data: [] } },
    });
    renderWithPlatform(<AdvertiserRoutes />, {
      route: '/advertiser',
      user: createUser({ user_type: 'advertiser', display_name: 'Acme' }),
    });
    expect(await screen.findByRole('heading', { name: 'Advertiser Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('No drops yet')).toBeInTheDocument();
  });

  it('mounts the onboarding page', () => {
    answerApiCalls({});
    renderWithPlatform(<AdvertiserRoutes />, {
      route: '/advertiser/onboarding',
      user: createUser({ user_type: 'creator' }),
    });
    expect(screen.getByRole('button', { name: 'Become an Advertiser' })).toBeInTheDocument();
  });
});
