import { apiMe } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeApi, failNetwork, installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import ConvertCurrencyDialog, { forceAtLeastOne } from './convert-currency-dialog';

function serverWith(points: number, gems: number, convertedToday = 0): FakeApi {
  const api = installFakeApi();
  api.on('GET /api/users/me/conversion-allowance', {
    body: {
      keys_converted_from_points_today: convertedToday,
      daily_points_conversion_limit: 3,
      keys_remaining_from_points_today: Math.max(0, 3 - convertedToday),
    },
  });
  api.on('GET /api/users/me', {
    body: apiMe({ points_balance: points, keys_balance: 0, gems_balance: gems, gold_collected: 0 }),
  });
  return api;
}

function renderDialog(points: string, gems = '0') {
  return renderAccount(<ConvertCurrencyDialog open onOpenChange={() => undefined} />, {
    user: { points_balance: points, gems_balance: gems },
  });
}

describe('Convert Currency', () => {
  it('forces the amount to a whole number of at least 1', () => {
    expect(forceAtLeastOne('0')).toBe(1);
    expect(forceAtLeastOne('-4')).toBe(1);
    expect(forceAtLeastOne('')).toBe(1);
    expect(forceAtLeastOne('2.7')).toBe(2);
    expect(forceAtLeastOne('12')).toBe(12);
  });

  it('offers the quick amounts 1, 3, 5 and 10 and prices them at 500 points or 2 gems a key', async () => {
    const user = userEvent.setup();
    serverWith(20_000, 100);
    renderDialog('20000', '100');
    const quick = await screen.findByRole('group', { name: 'Quick amounts' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1 key', '3 keys', '5 keys', '10 keys']);
    await user.click(within(quick).getByRole('button', { name: '5 keys' }));
    expect(screen.getByRole('button', { name: '5 keys' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Keys to receive')).toHaveValue(5);
    expect(screen.getByTestId('convert-cost')).toHaveTextContent('2,500 points');
    await user.click(screen.getByRole('radio', { name: /Gems/ }));
    expect(screen.getByTestId('convert-cost')).toHaveTextContent('10 gems');
  });

  it('forces a typed zero back to 1', async () => {
    const user = userEvent.setup();
    serverWith(20_000, 0);
    renderDialog('20000');
    const input = screen.getByLabelText('Keys to receive');
    await user.clear(input);
    await user.type(input, '0');
    expect(screen.getByRole('button', { name: 'Convert to 1 key' })).toBeEnabled();
    await user.tab();
    expect(input).toHaveValue(1);
    await user.clear(input);
    await user.type(input, '-3');
    await user.tab();
    expect(input).toHaveValue(1);
  });

  it('disables the button when the balance does not cover the cost', async () => {
    const user = userEvent.setup();
    serverWith(1_499, 0);
    renderDialog('1499.9');
    expect(screen.getByRole('button', { name: 'Convert to 1 key' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '3 keys' }));
    expect(screen.getByRole('button', { name: 'Convert to 3 keys' })).toBeDisabled();
    expect(screen.getByText('Not enough points: you need 1,500.')).toBeInTheDocument();
  });

  it("shows the daily limit with what today's conversions used", async () => {
    serverWith(20_000, 0, 2);
    renderDialog('20000');
    await waitFor(() =>
      expect(screen.getByTestId('convert-daily-limit')).toHaveTextContent(
        '3 keys a day from points · 2 used today, 1 left',
      ),
    );
  });

  it('converts with an idempotency key, refreshes the balances and closes', async () => {
    const user = userEvent.setup();
    const api = serverWith(20_000, 0);
    api.on('POST /api/users/convert', {
      body: {
        success: true,
        transaction_id: 'tx-1',
        from_currency: 'points',
        to_currency: 'keys',
        amount_spent: 1500,
        keys_received: 3,
        keys_converted_from_points_today: 3,
        daily_points_conversion_limit: 3,
        balances: { points_balance: 18_500, keys_balance: 3 },
      },
    });
    const closed = jest.fn();
    const { refreshes } = renderAccount(<ConvertCurrencyDialog open onOpenChange={closed} />, {
      user: { points_balance: '20000' },
    });
    await user.click(screen.getByRole('button', { name: '3 keys' }));
    await user.click(screen.getByRole('button', { name: 'Convert to 3 keys' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(false));
    const [call] = api.callsTo('POST /api/users/convert');
    expect(call.body).toEqual({ from_currency: 'points', to_currency: 'keys', amount: 3 });
    expect(call.headers['Idempotency-Key']).toMatch(/.+/);
    expect(refreshes.count).toBe(1);
    expect(await screen.findByText('Converted 1,500 points to 3 keys')).toBeInTheDocument();
  });

  it("shows the server's refusal, else 'Conversion failed', else 'Network error occurred'", async () => {
    const user = userEvent.setup();
    const api = serverWith(20_000, 0);
    api.on('POST /api/users/convert', {
      status: 422,
      body: { error: 'Daily limit of 3 keys from points conversion reached', code: 'DAILY_CONVERSION_LIMIT' },
    });
    renderDialog('20000');
    await user.click(screen.getByRole('button', { name: 'Convert to 1 key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Daily limit of 3 keys from points conversion reached');

    api.on('POST /api/users/convert', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Convert to 1 key' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Conversion failed'));

    api.on('POST /api/users/convert', failNetwork);
    await user.click(screen.getByRole('button', { name: 'Convert to 1 key' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Network error occurred'));
  });
});
