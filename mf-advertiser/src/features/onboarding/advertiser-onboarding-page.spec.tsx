import { answerApiCalls, apiUser, createUser, renderWithPlatform } from '@app/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { AdvertiserOnboardingPage } from './advertiser-onboarding-page';

const renderOnboarding = (user = createUser({ user_type: 'creator' }), acceptToken = jest.fn(async () => null)) =>
  renderWithPlatform(
    <Routes>
      <Route path="/advertiser/onboarding" element={<AdvertiserOnboardingPage />} />
      <Route path="/advertiser" element={<p>the dashboard</p>} />
    </Routes>,
    { route: '/advertiser/onboarding', user, session: { acceptToken } },
  );

describe('Advertiser onboarding', () => {
  it('shows the hero, benefits, the three tier cards with their real inventory, and how it works', () => {
    answerApiCalls({});
    renderOnboarding();
    expect(screen.getByRole('heading', { name: 'Grow your brand with creators' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Benefits' })).getByText('Launch drops')).toBeInTheDocument();
    const plans = screen.getByRole('region', { name: 'Plans' });
    expect(within(plans).getByText('proof drops only')).toBeInTheDocument();
    expect(within(plans).getByText('200 moves a week')).toBeInTheDocument();
    expect(within(plans).getByText('15 paid drops a week')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How it works' })).toBeInTheDocument();
  });

  it('becomes an advertiser, stores the new token like a sign-in and lands on the dashboard', async () => {
    const calls = answerApiCalls({
      'POST /api/users/become-advertiser': {
        body: {
          status: 'success',
          message: 'You are now an advertiser',
          token: 'new-token',
          user: apiUser({ user_type: 'advertiser' }),
        },
      },
    });
    const acceptToken = jest.fn(async () => null);
    renderOnboarding(createUser({ user_type: 'creator' }), acceptToken);
    await userEvent.click(screen.getByRole('button', { name: 'Become an Advertiser' }));
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    expect(calls).toContain('POST /api/users/become-advertiser');
    expect(acceptToken).toHaveBeenCalledWith('new-token');
  });

  it('says what failed and stays on the page', async () => {
    answerApiCalls({
      'POST /api/users/become-advertiser': { status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } },
    });
    renderOnboarding();
    await userEvent.click(screen.getByRole('button', { name: 'Become an Advertiser' }));
    expect(await screen.findByText('Failed to become advertiser')).toBeInTheDocument();
    expect(screen.queryByText('the dashboard')).not.toBeInTheDocument();
  });

  it('links an advertiser to the dashboard instead', () => {
    answerApiCalls({});
    renderOnboarding(createUser({ user_type: 'advertiser' }));
    expect(screen.getByRole('link', { name: 'Go to your Advertiser Dashboard' })).toHaveAttribute(
      'href',
      '/advertiser',
    );
  });
});
