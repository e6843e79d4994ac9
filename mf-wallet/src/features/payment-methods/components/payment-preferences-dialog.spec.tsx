import { renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeWalletApi, withdrawalMethods } from '../../../shared/test-api';
import PaymentPreferencesDialog from './payment-preferences-dialog';

jest.setTimeout(20_000);

const PAYPAL_ID = '0b6f7a4e-0c1f-4c7e-9a53-1f2a3b4c5d6e';
const CRYPTO_ID = '6a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';

function preference(overrides: Record<string, unknown> = {}) {
  return {
    id: PAYPAL_ID,
    payment_method: 'paypal',
    preference_data: { email_address: 'a***@example.com' },
    is_default: true,
    created_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

describe('the Payment Preferences dialog', () => {
  it('lists saved methods masked with the default marked, sets another default and deletes after the confirmation', async () => {
    let saved = [
      preference(),
      preference({
        id: CRYPTO_ID,
        payment_method: 'crypto',
        preference_data: { wallet_address: '••••••••CDEF', network: 'polygon' },
        is_default: false,
      }),
    ];
    const calls = fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'GET /api/users/payment-preferences': () => ({ body: saved }),
      [`POST /api/users/payment-preferences/${CRYPTO_ID}/set-default`]: () => {
        saved = saved.map((entry) => ({ ...entry, is_default: entry.id === CRYPTO_ID }));
        return { body: saved.find((entry) => entry.id === CRYPTO_ID) };
      },
      [`DELETE /api/users/payment-preferences/${PAYPAL_ID}`]: () => {
        saved = saved.filter((entry) => entry.id !== PAYPAL_ID);
        return { body: { success: true } };
      },
    });
    renderWithPlatform(<PaymentPreferencesDialog open onOpenChange={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    const paypal = within(list).getByRole('listitem', { name: 'PayPal (default)' });
    expect(within(paypal).getByText('E-mail address: a***@example.com')).toBeInTheDocument();
    const crypto = within(list).getByRole('listitem', { name: 'Crypto wallet' });
    expect(within(crypto).getByText('Wallet address: ••••••••CDEF · Network: polygon')).toBeInTheDocument();

    await userEvent.click(within(crypto).getByRole('button', { name: 'Set default' }));
    expect(await within(list).findByRole('listitem', { name: 'Crypto wallet (default)' })).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain(`POST /api/users/payment-preferences/${CRYPTO_ID}/set-default`);

    await userEvent.click(within(list).getByRole('button', { name: 'Delete PayPal' }));
    expect(screen.getByText('Are you sure you want to delete this payment method?')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: /PayPal/ })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.key === `DELETE /api/users/payment-preferences/${PAYPAL_ID}`)).toHaveLength(1);
  });

  it('adds a method: the fields it requires, checked like the server checks them, then saved', async () => {
    const saved: unknown[] = [];
    const calls = fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'GET /api/users/payment-preferences': () => ({ body: saved }),
      'POST /api/users/payment-preferences': () => {
        const created = preference({
          id: CRYPTO_ID,
          payment_method: 'crypto',
          preference_data: { wallet_address: '••••••••7890', network: 'bsc' },
        });
        saved.push(created);
        return { body: created };
      },
    });
    renderWithPlatform(<PaymentPreferencesDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByRole('region', { name: 'No saved payment methods' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Payment Method' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Method' }), 'crypto');
    await userEvent.type(screen.getByRole('textbox', { name: 'Wallet address' }), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save Payment Method' }));
    expect(await screen.findByText('Wallet address must be 26 to 100 letters and digits')).toBeInTheDocument();
    expect(screen.getByText(/Network must be one of|Network is required/)).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/users/payment-preferences')).toBe(false);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Wallet address' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Wallet address' }),
      'abcdefghijklmnopqrstuvwxyz1234567890',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Network' }), 'bsc');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make this my default method' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Payment Method' }));
    expect(await screen.findByRole('listitem', { name: 'Crypto wallet (default)' })).toBeInTheDocument();
    const post = calls.find((call) => call.key === 'POST /api/users/payment-preferences');
    expect(post?.body).toEqual({
      payment_method: 'crypto',
      preference_data: { wallet_address: 'abcdefghijklmnopqrstuvwxyz1234567890', network: 'bsc' },
      is_default: true,
    });
  });

  it("shows the server's field errors on the field they name", async () => {
    fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'GET /api/users/payment-preferences': { body: [] },
      'POST /api/users/payment-preferences': {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          field_errors: [{ field: 'email_address', message: 'E-mail address is not deliverable' }],
        },
      },
    });
    renderWithPlatform(<PaymentPreferencesDialog open onOpenChange={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Method' }), 'paypal');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Payment Method' }));
    expect(await screen.findByText('E-mail address is not deliverable')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an error with Try again when the list fails to load', async () => {
    fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'GET /api/users/payment-preferences': {
        status: 503,
        body: { error: 'Database unavailable', code: 'UNAVAILABLE' },
      },
    });
    renderWithPlatform(<PaymentPreferencesDialog open onOpenChange={() => undefined} />);
    expect(await screen.findByText('Failed to load data: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
