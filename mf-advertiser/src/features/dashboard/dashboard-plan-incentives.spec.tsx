import { PAYMENT_MESSAGES } from '@app/contracts/payments';
import { SUBSCRIPTION_MESSAGES } from '@app/contracts/subscriptions';
import type { StubResponse } from '@app/platform/testing';
import { createUser, renderWithPlatform, answerApiCallsRecording, type RecordedCall } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { AdvertiserDashboardPage } from './advertiser-dashboard-page';
import {
  createCoupon,
  createCouponsResponse,
  createDashboard,
  createPlan,
  createPlansResponse,
  createProvidersResponse,
  createRedemption,
} from './testing';

const advertiser = createUser({ user_type: 'advertiser', display_name: 'Acme', user_tier: 'premium' });
const sent = (calls: RecordedCall[], key: string) => calls.filter((call) => call.key === key);

type Table = Record<string, StubResponse | ((url: URL, body: unknown) => StubResponse)>;

/** The dashboard's own calls answered; `table` adds or replaces the plans, coupons and providers answers. */
function answer(table: Table = {}) {
  return answerApiCallsRecording({
    'GET /api/advertisers/dashboard': { body: createDashboard({ user_tier: 'premium' }) },
    'GET /api/advertisers/suggested-content': { body: { status: 'success', data: [] } },
    'GET /advertisers/subscription/plans': { body: createPlansResponse('premium', '2026-12-20T10:00:00.000Z') },
    'GET /advertisers/coupons': {
      body: createCouponsResponse(
        [
          createCoupon(),
          createCoupon({
            id: 'coupon-2',
            title: 'Leaderboard prize',
            value: 5,
            value_unit: 'usd',
            quantity_remaining: 1,
          }),
          createCoupon({ id: 'coupon-3', title: 'Summer', status: 'expired' }),
        ],
        [
          createRedemption(),
          createRedemption({ id: 'redemption-2' }),
          createRedemption({ id: 'redemption-3', source: 'leaderboard' }),
        ],
      ),
    },
    'GET /api/payments/providers': { body: createProvidersResponse() },
    ...table,
  });
}

const renderDashboard = (leaveFor: (url: string) => void = jest.fn()) =>
  renderWithPlatform(
    <Routes>
      <Route path="/advertiser" element={<AdvertiserDashboardPage leaveFor={leaveFor} />} />
    </Routes>,
    { route: '/advertiser', user: advertiser },
  );

const checkoutAnswer = {
  status: 'success',
  message: 'Continue to the payment to switch to Super',
  data: {
    plan: createPlan('super', 149),
    checkout: {
      url: '/api/payments/local/sessions/s1',
      session_id: 's1',
      provider: 'local',
      status: 'open',
      expiresAt: '2026-11-27T12:00:00.000Z',
    },
    subscription: { tier: 'premium', paid_through: '2026-12-20T10:00:00.000Z', cancel_at_period_end: false },
  },
};

async function openUpgradeModal() {
  const card = await screen.findByRole('region', { name: 'Your plan' });
  await within(card).findByText('$49.00 / month');
  await userEvent.click(within(card).getByRole('button', { name: 'Upgrade Plan' }));
  return screen.findByRole('dialog', { name: 'Upgrade Plan' });
}

describe('Advertiser dashboard: plan, payment providers and incentives', () => {
  it('shows the plan card, the payment providers and the incentive highlights and coupons', async () => {
    const calls = answer();
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(card).findByText('$49.00 / month')).toBeInTheDocument();
    expect(within(card).getByText('Premium')).toBeInTheDocument();
    expect(within(card).getByText('Paid through 2026-12-20')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: "Your plan's features" })).toHaveTextContent('200 moves a week');

    const providers = within(await screen.findByRole('list', { name: 'Payment providers' })).getAllByRole('listitem');
    expect(providers).toHaveLength(2);
    expect(providers[0]).toHaveTextContent('Card payments (local)');
    expect(within(providers[0]).getByText('Default')).toBeInTheDocument();
    expect(within(providers[0]).getByText('Enabled')).toBeInTheDocument();
    expect(within(providers[0]).getByText('Ready')).toBeInTheDocument();
    expect(within(providers[0]).getByText('Mock')).toBeInTheDocument();
    expect(providers[1]).toHaveTextContent('Stripe');
    expect(within(providers[1]).queryByText('Default')).not.toBeInTheDocument();
    expect(within(providers[1]).getByText('Not ready')).toBeInTheDocument();
    expect(within(providers[1]).getByText('Live')).toBeInTheDocument();
    expect(within(providers[1]).getByLabelText('Stripe key')).toHaveTextContent('pk_test_51Ab…');

    const highlights = screen.getByRole('region', { name: 'Incentive highlights' });
    await waitFor(() => expect(within(highlights).getByLabelText('Active coupons')).toHaveTextContent('2'));
    expect(within(highlights).getByLabelText('Redemptions')).toHaveTextContent('3');
    expect(within(highlights).getByRole('link', { name: 'Manage coupons' })).toHaveAttribute('href', '/coupons');

    const coupons = within(screen.getByRole('list', { name: 'Coupons' })).getAllByRole('listitem');
    expect(coupons).toHaveLength(3);
    expect(coupons[0]).toHaveTextContent('Launch week');
    expect(coupons[0]).toHaveTextContent('10% off');
    expect(coupons[0]).toHaveTextContent('8 of 10 left');
    expect(coupons[1]).toHaveTextContent('$5.00');
    expect(within(coupons[2]).getByText('expired')).toBeInTheDocument();
    // Two sections read the coupons: one call (cached 30 s); the plans and providers once each.
    expect(sent(calls, 'GET /advertisers/coupons')).toHaveLength(1);
    expect(sent(calls, 'GET /advertisers/subscription/plans')).toHaveLength(1);
    expect(sent(calls, 'GET /api/payments/providers')).toHaveLength(1);
  });

  it('shows only the first 12 characters of a publishable key, and says when no provider takes payments', async () => {
    answer({
      'GET /api/payments/providers': {
        body: createProvidersResponse({
          providers: [
            {
              provider: 'stripe',
              enabled: false,
              ready: false,
              publishableKey: 'pk_live_1234567890abcdef',
              mode: 'live',
            },
          ],
          defaultProvider: null,
        }),
      },
    });
    renderDashboard();
    const [stripe] = within(await screen.findByRole('list', { name: 'Payment providers' })).getAllByRole('listitem');
    expect(within(stripe).getByLabelText('Stripe key')).toHaveTextContent(/^pk_live_1234…$/);
    expect(within(stripe).getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByText('No provider takes payments here right now.')).toBeInTheDocument();
  });

  it('lists the plans by price in the Upgrade Plan modal; a paid plan calls upgrade and leaves for the checkout', async () => {
    const calls = answer({ 'POST /advertisers/subscription/upgrade': { body: checkoutAnswer } });
    const leaveFor = jest.fn();
    renderDashboard(leaveFor);
    const dialog = await openUpgradeModal();
    const plans = within(within(dialog).getByRole('list', { name: 'Available plans' })).getAllByRole('heading', {
      level: 3,
    });
    expect(plans.map((heading) => heading.textContent?.trim())).toEqual(['Free', 'Premium Current plan', 'Super']);
    expect(within(dialog).getByText('$149.00 / month')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Super features' })).toHaveTextContent('500 moves a week');
    expect(within(dialog).getByRole('button', { name: 'Current plan' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Super' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/api/payments/local/sessions/s1'));
    const [upgrade] = sent(calls, 'POST /advertisers/subscription/upgrade');
    expect(upgrade.body).toEqual({ planId: 'super' });
    expect(upgrade.headers['Idempotency-Key']).toBeTruthy();
  });

  it('switches to the free plan directly (no checkout) and shows the answer', async () => {
    const calls = answer({
      'POST /advertisers/subscription/upgrade': {
        body: {
          status: 'success',
          message: 'Your plan changes to Free at the end of the period',
          data: {
            plan: createPlan('free', 0),
            checkout: null,
            subscription: { tier: 'premium', paid_through: '2026-12-20T10:00:00.000Z', cancel_at_period_end: true },
          },
        },
      },
    });
    const leaveFor = jest.fn();
    renderDashboard(leaveFor);
    const dialog = await openUpgradeModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Free' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Your plan changes to Free at the end of the period',
    );
    expect(leaveFor).not.toHaveBeenCalled();
    expect(sent(calls, 'POST /advertisers/subscription/upgrade')[0].body).toEqual({ planId: 'free' });
  });

  it("says 'Unable to upgrade plan right now. Please try again later.' when the upgrade fails", async () => {
    answer({ 'POST /advertisers/subscription/upgrade': { status: 500, body: { code: 'INTERNAL' } } });
    const leaveFor = jest.fn();
    renderDashboard(leaveFor);
    const dialog = await openUpgradeModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Super' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.upgradeFailed);
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('treats failed plans and coupons loads as empty lists (no error shown), and says when providers are unreachable', async () => {
    answer({
      'GET /advertisers/subscription/plans': { status: 500, body: { error: 'Database down', code: 'INTERNAL' } },
      'GET /advertisers/coupons': { status: 500, body: { error: 'Database down', code: 'INTERNAL' } },
      'GET /api/payments/providers': { status: 503, body: { error: 'down', code: 'INTERNAL' } },
    });
    renderDashboard();
    expect(await screen.findByText(PAYMENT_MESSAGES.providersUnreachable)).toBeInTheDocument();
    expect(await screen.findByText('No coupons yet')).toBeInTheDocument();
    const highlights = screen.getByRole('region', { name: 'Incentive highlights' });
    expect(within(highlights).getByLabelText('Active coupons')).toHaveTextContent('0');
    expect(within(highlights).getByLabelText('Redemptions')).toHaveTextContent('0');
    // The card falls back to the dashboard's tier; the modal has no plans to offer.
    const card = screen.getByRole('region', { name: 'Your plan' });
    expect(within(card).getByText('Premium')).toBeInTheDocument();
    expect(screen.queryByText(/Database down/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    expect(within(dialog).getByText('No plans to choose from right now.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
