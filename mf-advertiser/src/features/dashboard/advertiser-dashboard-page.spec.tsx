import { ADVERTISER_MESSAGES } from '@app/contracts/advertisers';
import { answerApiCalls, createUser, renderWithPlatform } from '@app/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { AdvertiserDashboardPage } from './advertiser-dashboard-page';
import { createDashboard, createDashboardDrop, createSuggestion } from './testing';

const advertiser = createUser({ user_type: 'advertiser', display_name: 'Acme', user_tier: 'premium' });

const renderDashboard = (user = advertiser, route = '/advertiser') =>
  renderWithPlatform(
    <Routes>
      <Route path="/advertiser" element={<AdvertiserDashboardPage />} />
    </Routes>,
    { route, user },
  );

const drops = Array.from({ length: 12 }, (_, index) =>
  createDashboardDrop({
    id: `d${index}`,
    title: `Drop ${index}`,
    impressions: 100,
    clicks: index,
    is_paid_drop: index === 0,
    is_proof_drop: index !== 0,
    drop_type: index === 0 ? 'paid' : 'proof',
    gem_pool_total: index === 0 ? '120.5' : '0',
    gems_paid: index === 0 ? '50' : '0',
  }),
);

describe('Advertiser dashboard', () => {
  it('offers Become an Advertiser to a user who is not one, without calling the dashboard', async () => {
    const calls = answerApiCalls({});
    renderDashboard(createUser({ user_type: 'creator' }));
    expect(screen.getByRole('heading', { name: 'Become an Advertiser' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become an Advertiser' })).toHaveAttribute(
      'href',
      '/advertiser/onboarding',
    );
    expect(calls).not.toContain('GET /api/advertisers/dashboard');
  });

  it('shows the Become an Advertiser screen when the server answers 403', async () => {
    answerApiCalls({
      'GET /api/advertisers/dashboard': {
        status: 403,
        body: { error: ADVERTISER_MESSAGES.advertisersOnly, code: 'ADVERTISERS_ONLY' },
      },
      'GET /api/advertisers/suggested-content': { status: 403, body: { error: 'x', code: 'ADVERTISERS_ONLY' } },
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Become an Advertiser' })).toBeInTheDocument();
  });

  it('shows the brand, stats, allocation, chart, 5 recent drops with both create buttons (premium) and 10 performance rows', async () => {
    answerApiCalls({
      'GET /api/advertisers/dashboard': {
        body: createDashboard({
          user_tier: 'premium',
          drops: drops.slice(0, 10),
          brand: {
            brand_name: 'Acme Labs',
            brand_description: 'We make things',
            brand_website: 'https://acme.test',
            brand_email: null,
            brand_phone: null,
            brand_logo_url: '/api/images/logo.png',
            updated_at: '2026-11-27T10:00:00.000Z',
          },
          analytics: {
            period_start: '2026-10-29T00:00:00.000Z',
            period_end: '2026-11-27T12:00:00.000Z',
            drops_created: 4,
            total_participants: 17,
            gems_spent: '120.5',
            impressions: 1000,
            engagement_rate: 4.5,
          },
          monthly_inventory: {
            period: 'week',
            period_start: '2026-11-23T00:00:00.000Z',
            period_end: '2026-11-30T00:00:00.000Z',
            moves_used: 20,
            moves_allowance: 200,
            proof_drops_used: 3,
            proof_drops_limit: 15,
            paid_drops_used: 1,
            paid_drops_limit: 8,
          },
        }),
      },
      'GET /api/advertisers/suggested-content': { body: { status: 'success', data: [createSuggestion()] } },
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Acme Labs' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Labs logo' })).toHaveAttribute('src', '/api/images/logo.png');
    const stats = screen.getByRole('region', { name: 'Last 30 days' });
    expect(within(stats).getByText('17')).toBeInTheDocument();
    expect(within(stats).getByText('120.5')).toBeInTheDocument();
    expect(within(stats).getByText('4.50%')).toBeInTheDocument();
    expect(screen.getByText('Weekly allocation')).toBeInTheDocument();
    expect(screen.getByText('Moves: 20 of 200 used')).toBeInTheDocument();
    expect(screen.getByText('Paid drops: 1 of 8 used')).toBeInTheDocument();
    // The chart's data table carries the real daily series.
    expect(screen.getByRole('table', { name: 'Last 30 days' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Recent drops' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Create Proof Drop' })).toHaveAttribute('href', '/earn?create=proof');
    expect(screen.getByRole('link', { name: 'Create Paid Drop' })).toHaveAttribute('href', '/earn?create=paid');
    const performance = screen.getByRole('table', { name: 'Drop performance' });
    expect(within(performance).getAllByRole('row')).toHaveLength(11);
    expect(within(performance).getByText('50 of 120.5')).toBeInTheDocument();
    expect(await screen.findByText('Suggested: 100 gems for 24 h (3× boost)')).toBeInTheDocument();
  });

  it('has no Create Paid Drop on the free tier and says when there are no drops or suggestions', async () => {
    answerApiCalls({
      'GET /api/advertisers/dashboard': { body: createDashboard() },
      'GET /api/advertisers/suggested-content': { body: { status: 'success', data: [] } },
    });
    renderDashboard(createUser({ user_type: 'advertiser', user_tier: 'free' }));
    expect(await screen.findByText('No drops yet')).toBeInTheDocument();
    expect(screen.getByText('Monthly allocation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Proof Drop' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Paid Drop' })).not.toBeInTheDocument();
    expect(await screen.findByText('No suggestions yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Up Brand' })).toBeInTheDocument();
  });

  it("says 'Error Loading Dashboard' with a Refresh Page button when the call fails", async () => {
    answerApiCalls({ 'GET /api/advertisers/dashboard': { status: 500, body: { error: 'boom', code: 'INTERNAL' } } });
    renderDashboard();
    expect(await screen.findByText(ADVERTISER_MESSAGES.dashboardLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('refreshes when the tab becomes visible again and when the route changes to #converted', async () => {
    const calls = answerApiCalls({
      'GET /api/advertisers/dashboard': { body: createDashboard() },
      'GET /api/advertisers/suggested-content': { body: { status: 'success', data: [] } },
    });
    renderWithPlatform(
      <Routes>
        <Route
          path="/advertiser"
          element={
            <>
              <AdvertiserDashboardPage />
              <Link to="/advertiser#converted">back from checkout</Link>
            </>
          }
        />
      </Routes>,
      { route: '/advertiser', user: advertiser },
    );
    await screen.findByText('No drops yet');
    const dashboardCalls = () => calls.filter((call) => call === 'GET /api/advertisers/dashboard').length;
    expect(dashboardCalls()).toBe(1);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(dashboardCalls()).toBe(2));
    await userEvent.click(screen.getByRole('link', { name: 'back from checkout' }));
    await waitFor(() => expect(dashboardCalls()).toBe(3));
  });

  it('validates the brand form with the spec texts before calling the server', async () => {
    const calls = answerApiCalls({
      'GET /api/advertisers/dashboard': { body: createDashboard() },
      'GET /api/advertisers/suggested-content': { body: { status: 'success', data: [] } },
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Set Up Brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brand Profile' });
    await userEvent.type(within(dialog).getByLabelText('Website'), 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Brand' }));
    expect(await within(dialog).findByText(ADVERTISER_MESSAGES.brandNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ADVERTISER_MESSAGES.brandWebsiteInvalid)).toBeInTheDocument();
    expect(calls).not.toContain('PUT /api/users/brand-profile');
    // A logo that is not an image is refused before any upload.
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(within(dialog).getByLabelText('Logo'), file, { applyAccept: false });
    expect(await within(dialog).findByText(ADVERTISER_MESSAGES.logoNotImage)).toBeInTheDocument();
  });

  it('saves the brand and closes the dialog', async () => {
    const calls = answerApiCalls({
      'GET /api/advertisers/dashboard': { body: createDashboard() },
      'GET /api/advertisers/suggested-content': { body: { status: 'success', data: [] } },
      'PUT /api/users/brand-profile': {
        body: { status: 'success', message: ADVERTISER_MESSAGES.brandSaved, data: createDashboard().data.brand },
      },
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Set Up Brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brand Profile' });
    await userEvent.type(within(dialog).getByLabelText('Brand name'), 'Acme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Brand' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Brand Profile' })).not.toBeInTheDocument());
    expect(calls).toContain('PUT /api/users/brand-profile');
  });
});
