import { createUser, renderWithPlatform, answerApiCallsRecording, type RecordedCall } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdvertiserRoutes from '../../routes';
import { MovesPage } from './moves-page';
import { PlansPage } from './plans-page';

const advertiser = () => createUser({ user_type: 'advertiser', user_tier: 'free' });
const sent = (calls: RecordedCall[], key: string) => calls.filter((call) => call.key === key);

const plan = (id: 'free' | 'premium' | 'super', price: number, features: string[] = [`${id} feature`]) => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  tier: id,
  price,
  price_cents: price * 100,
  billingInterval: 'month',
  features,
});
const plansBody = (currentTier: 'free' | 'premium' | 'super' = 'free', paidThrough: string | null = null) => ({
  status: 'success',
  message: 'Plans loaded',
  data: {
    plans: [plan('free', 0), plan('premium', 49, ['200 moves a week']), plan('super', 149)],
    current_tier: currentTier,
    subscription: { tier: currentTier, paid_through: paidThrough, cancel_at_period_end: false },
  },
});
const checkoutAnswer = {
  status: 'success',
  message: 'Continue to the payment to switch to Premium',
  data: {
    plan: plan('premium', 49),
    checkout: {
      url: '/api/payments/local/sessions/s1',
      session_id: 's1',
      provider: 'local',
      status: 'open',
      expiresAt: '2026-11-27T12:00:00.000Z',
    },
    subscription: { tier: 'free', paid_through: null, cancel_at_period_end: false },
  },
};

describe('mf_advertiser: plans', () => {
  it('shows the plans sorted by price with the current one, and an upgrade goes to the checkout address', async () => {
    const calls = answerApiCallsRecording({
      'GET /advertisers/subscription/plans': { body: plansBody() },
      'POST /advertisers/subscription/upgrade': { body: checkoutAnswer },
    });
    const leaveFor = jest.fn();
    renderWithPlatform(<PlansPage leaveFor={leaveFor} />, { route: '/plans', user: advertiser() });
    const list = await screen.findByRole('list', { name: 'Plans' });
    const names = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent?.trim());
    expect(names).toEqual(['Free Current plan', 'Premium', 'Super']);
    expect(within(list).getByText('$49.00 / month')).toBeInTheDocument();
    expect(within(list).getByRole('list', { name: 'Premium features' })).toHaveTextContent('200 moves a week');
    expect(within(list).getByRole('button', { name: 'Current plan' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/api/payments/local/sessions/s1'));
    const [upgrade] = sent(calls, 'POST /advertisers/subscription/upgrade');
    expect(upgrade.body).toEqual({ planId: 'premium' });
    expect(upgrade.headers['Idempotency-Key']).toBeTruthy();
  });

  it('waits for the plan named in the return address (an upgrade from a running plan)', async () => {
    let confirmed = false;
    answerApiCallsRecording({
      'GET /advertisers/subscription/plans': () => ({
        body: confirmed
          ? plansBody('super', '2026-12-27T10:00:00.000Z')
          : plansBody('premium', '2026-12-20T10:00:00.000Z'),
      }),
    });
    renderWithPlatform(<PlansPage />, {
      route: '/plans?plan=upgraded&to=super&checkout=s1&status=success',
      user: advertiser(),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for the payment provider to confirm');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the payment provider to confirm');
    confirmed = true;
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your plan is now Super.'), {
      timeout: 5000,
    });
  });

  it('back from the provider, waits for the confirmed payment and shows the new tier', async () => {
    let confirmed = false;
    answerApiCallsRecording({
      'GET /advertisers/subscription/plans': () => ({
        body: confirmed ? plansBody('premium', '2026-12-27T10:00:00.000Z') : plansBody(),
      }),
    });
    renderWithPlatform(<PlansPage />, { route: '/plans?plan=upgraded&checkout=s1&status=success', user: advertiser() });
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for the payment provider to confirm');
    confirmed = true;
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your plan is now Premium.'), {
      timeout: 5000,
    });
    expect(screen.getByText(/paid through 2026-12-27/)).toBeInTheDocument();
  });

  it("shows the spec's message when the upgrade fails, and the load failure with Try again", async () => {
    let fail = true;
    answerApiCallsRecording({
      'GET /advertisers/subscription/plans': () =>
        fail ? { status: 500, body: { error: 'Database down', code: 'INTERNAL' } } : { body: plansBody() },
      'POST /advertisers/subscription/upgrade': { status: 503, body: { error: 'Service unavailable' } },
    });
    renderWithPlatform(<PlansPage leaveFor={jest.fn()} />, { route: '/plans', user: advertiser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load plans: Database down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Super' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
  });

  it('sends a user who is not an advertiser to onboarding without calling the API', async () => {
    const calls = answerApiCallsRecording({});
    renderWithPlatform(<AdvertiserRoutes />, { route: '/plans', user: createUser({ user_type: 'creator' }) });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(/^Plans$/);
    expect(screen.queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
    expect(sent(calls, 'GET /advertisers/subscription/plans')).toEqual([]);
  });
});

describe('mf_advertiser: moves purchase', () => {
  const overview = (balance: number) => ({
    status: 'success',
    data: {
      moves_balance: balance,
      allowance: {
        tier: 'free',
        period: 'month',
        moves: 50,
        period_start: '2026-11-01T00:00:00.000Z',
        period_end: '2026-12-01T00:00:00.000Z',
        credited: true,
      },
      packages: [
        { id: 'moves-100', moves: 100, price: 10, price_cents: 1000, label: null },
        { id: 'moves-500', moves: 500, price: 45, price_cents: 4500, label: 'Save 10%' },
      ],
    },
  });

  it('shows the balance and allowance, and a package goes to the checkout with the return address', async () => {
    const calls = answerApiCallsRecording({
      'GET /api/subscriptions/moves': { body: overview(50) },
      'POST /api/payments/checkout': {
        body: {
          status: 'success',
          data: {
            url: '/api/payments/local/sessions/m1',
            session_id: 'm1',
            provider: 'local',
            status: 'open',
            expiresAt: '2026-11-27T12:00:00.000Z',
            kind: 'moves',
            plan_id: 'moves-500',
            price: 45,
          },
        },
      },
    });
    const leaveFor = jest.fn();
    renderWithPlatform(<MovesPage leaveFor={leaveFor} />, { route: '/plans/moves', user: advertiser() });
    expect(await screen.findByText('Moves available:')).toHaveTextContent('Moves available: 50');
    expect(screen.getByText(/adds 50 moves each month/)).toBeInTheDocument();
    const packages = screen.getByRole('list', { name: 'Moves packages' });
    expect(within(packages).getByText('$45.00')).toBeInTheDocument();
    await userEvent.click(within(packages).getByRole('button', { name: 'Buy 500 moves' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/api/payments/local/sessions/m1'));
    expect(sent(calls, 'POST /api/payments/checkout')[0].body).toEqual({
      plan_id: 'moves-500',
      success_url: '/plans/moves',
      cancel_url: '/plans/moves',
      metadata: { source: 'moves-page' },
    });
  });

  it('back from the provider, waits until the paid moves arrive', async () => {
    let balance = 50;
    answerApiCallsRecording({ 'GET /api/subscriptions/moves': () => ({ body: overview(balance) }) });
    renderWithPlatform(<MovesPage />, { route: '/plans/moves?checkout=m1&status=success', user: advertiser() });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your moves arrive once the payment provider confirms it',
    );
    balance = 550;
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('your moves are in your balance'), {
      timeout: 6000,
    });
    expect(screen.getByText('Moves available:')).toHaveTextContent('550');
  });

  it('shows the failure to load the balance', async () => {
    answerApiCallsRecording({ 'GET /api/subscriptions/moves': { status: 500, body: { error: 'Ledger down' } } });
    renderWithPlatform(<MovesPage />, { route: '/plans/moves', user: advertiser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load move balance: Ledger down');
  });
});
