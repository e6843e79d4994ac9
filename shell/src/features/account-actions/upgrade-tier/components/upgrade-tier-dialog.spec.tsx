import { apiMe } from '@app/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import UpgradeTierDialog from './upgrade-tier-dialog';

const serverCosts = {
  free: { premium: { points: 8000, gems: 210 }, super: { points: 16000, gems: 460 } },
  premium: { super: { points: 9500, gems: 280 } },
  super: {},
};

describe('Upgrade Your Tier', () => {
  it("offers only upward tiers at the server's prices", async () => {
    installFakeApi().on('GET /api/users/upgrade-costs', { body: serverCosts });
    renderAccount(<UpgradeTierDialog open onOpenChange={() => undefined} />, {
      user: { user_tier: 'premium', points_balance: '10000' },
    });
    expect(await screen.findByRole('radio', { name: /Super/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Premium/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /9,500 points/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /280 gems/ })).toBeInTheDocument();
    expect(screen.queryByText(/standard prices/)).not.toBeInTheDocument();
  });

  it('says there is nothing above super', async () => {
    installFakeApi().on('GET /api/users/upgrade-costs', { body: serverCosts });
    renderAccount(<UpgradeTierDialog open onOpenChange={() => undefined} />, { user: { user_tier: 'super' } });
    expect(await screen.findByText('You are on the highest tier: there is nothing to upgrade to.')).toBeInTheDocument();
  });

  it('falls back to the built-in costs only when the server fails, and says so', async () => {
    installFakeApi().on('GET /api/users/upgrade-costs', { status: 500 });
    renderAccount(<UpgradeTierDialog open onOpenChange={() => undefined} />, { user: { user_tier: 'free' } });
    expect(await screen.findByText(/Live prices could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /7,500 points/ })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('radio', { name: /^Super/ }));
    expect(screen.getByRole('radio', { name: /15,000 points/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /450 gems/ })).toBeInTheDocument();
  });

  it("disables the upgrade with 'Insufficient balance' when the chosen currency does not cover it", async () => {
    const user = userEvent.setup();
    installFakeApi().on('GET /api/users/upgrade-costs', { body: serverCosts });
    renderAccount(<UpgradeTierDialog open onOpenChange={() => undefined} />, {
      user: { user_tier: 'free', points_balance: '8000', gems_balance: '100' },
    });
    expect(await screen.findByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /210 gems/ }));
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeDisabled();
    expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
  });

  it('upgrades with the target tier and payment method, refreshes the session and closes', async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/users/upgrade-costs', { body: serverCosts })
      .on('POST /api/users/upgrade-tier', {
        body: {
          success: true,
          previous_tier: 'free',
          user_tier: 'super',
          payment_method: 'gems',
          amount_paid: 460,
          transaction_id: 't',
          message: 'Upgraded to super',
        },
      })
      .on('GET /api/users/me', { body: apiMe({ user_tier: 'super', points_balance: 0, gems_balance: 40 }) });
    const closed = jest.fn();
    const { refreshes } = renderAccount(<UpgradeTierDialog open onOpenChange={closed} />, {
      user: { user_tier: 'free', gems_balance: '500' },
    });
    await user.click(await screen.findByRole('radio', { name: /^Super/ }));
    await user.click(screen.getByRole('radio', { name: /460 gems/ }));
    await user.click(screen.getByRole('button', { name: 'Upgrade to Super' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(false));
    const [call] = api.callsTo('POST /api/users/upgrade-tier');
    expect(call.body).toEqual({ target_tier: 'super', payment_method: 'gems' });
    expect(call.headers['Idempotency-Key']).toBeTruthy();
    expect(refreshes.count).toBe(1);
  });

  it("shows the server's refusal or 'Upgrade failed'", async () => {
    const user = userEvent.setup();
    const api = installFakeApi()
      .on('GET /api/users/upgrade-costs', { body: serverCosts })
      .on('POST /api/users/upgrade-tier', {
        status: 422,
        body: { error: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
      });
    renderAccount(<UpgradeTierDialog open onOpenChange={() => undefined} />, {
      user: { user_tier: 'free', points_balance: '100000' },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    api.on('POST /api/users/upgrade-tier', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Upgrade failed'));
  });
});
