import { renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { fakeWalletApi, withdrawalMethods } from '../../../shared/test-api';
import WithdrawDialog from './withdraw-dialog';

function withdrawal(overrides: Record<string, unknown> = {}) {
  return {
    id: 'w-1',
    amount: 500,
    fee: 12.5,
    fee_percentage: 2.5,
    net_amount: 487.5,
    currency_type: 'gems',
    payment_method: 'paypal',
    payment_details: { email_address: 'a***@example.com' },
    status: 'pending',
    failure_reason: null,
    payout_reference: null,
    created_at: '2026-11-25T09:00:00Z',
    processed_at: null,
    ...overrides,
  };
}

/** The dialog as the wallet opens it, with a button to open it again after it closes. */
function Harness({ availableGems = 1200 }: { availableGems?: number }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open again
      </button>
      {open ? <WithdrawDialog open onOpenChange={setOpen} availableGems={availableGems} /> : null}
    </>
  );
}

const amountInput = () => screen.getByRole('textbox', { name: 'Gems to withdraw' });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

jest.setTimeout(20_000);

describe('the Withdraw Gems wizard', () => {
  it('walks amount → method → details → confirm with the method fee, sends one request with an idempotency key, then resets to 200', async () => {
    const calls = fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'POST /api/withdrawal/request': {
        body: { success: true, message: 'Withdrawal requested', withdrawal: withdrawal() },
      },
    });
    renderWithPlatform(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Gems' });
    expect(amountInput()).toHaveValue('200');
    expect(within(dialog).getByText('1. Amount')).toHaveAttribute('aria-current', 'step');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amountInput()).toHaveValue('1200');
    await userEvent.click(within(dialog).getByRole('button', { name: '1,000' }));
    expect(amountInput()).toHaveValue('1000');
    await userEvent.click(within(dialog).getByRole('button', { name: '500' }));
    expect(amountInput()).toHaveValue('500');
    await next();

    // Method: from the server's configuration, with each one's fee and processing time.
    await userEvent.click(await screen.findByRole('radio', { name: /PayPal/ }));
    expect(screen.getByText(/1-2 business days · fee 2.5% · from 200 gems/)).toBeInTheDocument();
    await next();

    // Details: the method's required fields, checked by the contract's rules.
    const email = await screen.findByRole('textbox', { name: 'E-mail address' });
    await userEvent.type(email, 'not-an-email');
    await next();
    expect(await screen.findByText('E-mail address must be an e-mail address')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@example.com');
    await next();

    // Confirm: the method's fee (2.5 % of 500) and what arrives, the details masked.
    const list = await screen.findByLabelText('Withdrawal summary');
    expect(within(list).getByText('Fee (2.5%)').nextSibling).toHaveTextContent('12.5 gems');
    expect(within(list).getByText('You receive').nextSibling).toHaveTextContent('487.5 gems');
    expect(within(list).getByText('a***@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));

    expect(await screen.findByText(/Withdrawal requested\./)).toBeInTheDocument();
    const request = calls.filter((call) => call.key === 'POST /api/withdrawal/request');
    expect(request).toHaveLength(1);
    expect(request[0].body).toEqual({
      amount: '500',
      payment_method: 'paypal',
      payment_details: { email_address: 'ada@example.com' },
      currency_type: 'gems',
    });
    expect(request[0].headers['Idempotency-Key']).toMatch(/.+/);
    expect(screen.getByText('pending')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New withdrawal' }));
    expect(amountInput()).toHaveValue('200');
    expect(screen.getByText('1. Amount')).toHaveAttribute('aria-current', 'step');
  });

  it('refuses under 200 gems and more than the available gems with the spec messages', async () => {
    fakeWalletApi({ 'GET /api/withdrawal/methods': { body: withdrawalMethods } });
    renderWithPlatform(<Harness availableGems={300} />);
    await screen.findByRole('dialog', { name: 'Withdraw Gems' });
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '150');
    await next();
    expect(
      await screen.findByText('Insufficient Gems: You need at least 200 gems to request a withdrawal.'),
    ).toBeInTheDocument();
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '300.5');
    expect(
      await screen.findByText('Insufficient Gems: the amount is more than your available gems.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1. Amount')).toHaveAttribute('aria-current', 'step');
  });

  it("holds a method's own minimum, and Back keeps what was entered", async () => {
    fakeWalletApi({ 'GET /api/withdrawal/methods': { body: withdrawalMethods } });
    renderWithPlatform(<Harness />);
    await screen.findByRole('dialog', { name: 'Withdraw Gems' });
    await next();
    await userEvent.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await next();
    expect(await screen.findByText('The amount is below the minimum of this method (500 gems)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(amountInput()).toHaveValue('200');
  });

  it("puts the server's field errors on their step and field", async () => {
    fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'POST /api/withdrawal/request': {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          field_errors: [{ field: 'payment_details.wallet_address', message: 'Wallet address is on a blocked list' }],
        },
      },
    });
    renderWithPlatform(<Harness />);
    await screen.findByRole('dialog', { name: 'Withdraw Gems' });
    await next();
    await userEvent.click(await screen.findByRole('radio', { name: /Crypto wallet/ }));
    await next();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Wallet address' }),
      '0xABCDEF0123456789abcdef0123456789ABCDEF01'.replace('0x', ''),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Network' }), 'polygon');
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText('Wallet address is on a blocked list')).toBeInTheDocument();
    expect(screen.getByText('3. Details')).toHaveAttribute('aria-current', 'step');
  });

  it('shows a refusal that names no field (a demo account) on the confirm step', async () => {
    fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'POST /api/withdrawal/request': {
        status: 403,
        body: {
          error: 'Demo accounts cannot withdraw: demo gems have no cash value.',
          code: 'DEMO_ACCOUNT_CANNOT_WITHDRAW',
        },
      },
    });
    renderWithPlatform(<Harness />);
    await screen.findByRole('dialog', { name: 'Withdraw Gems' });
    await next();
    await userEvent.click(await screen.findByRole('radio', { name: /PayPal/ }));
    await next();
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail address' }), 'ada@example.com');
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demo accounts cannot withdraw');
    expect(screen.getByText('4. Confirm')).toHaveAttribute('aria-current', 'step');
  });

  it('resets to the amount step with 200 gems after a close', async () => {
    fakeWalletApi({ 'GET /api/withdrawal/methods': { body: withdrawalMethods } });
    renderWithPlatform(<Harness />);
    await screen.findByRole('dialog', { name: 'Withdraw Gems' });
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '700');
    await next();
    await screen.findByRole('radio', { name: /PayPal/ });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Open again' }));
    expect(await screen.findByRole('textbox', { name: 'Gems to withdraw' })).toHaveValue('200');
  });

  it("USD: the server's minimum and fee (not the method's gem minimum), whole cents, the request says currency_type usd", async () => {
    const calls = fakeWalletApi({
      'GET /api/withdrawal/methods': { body: withdrawalMethods },
      'GET /api/withdrawal/usd-terms': { body: { currency_type: 'usd', min_amount: 10, fee_percentage: 1 } },
      'POST /api/withdrawal/request': {
        body: {
          success: true,
          message: 'Withdrawal requested',
          withdrawal: withdrawal({
            currency_type: 'usd',
            amount: 25,
            fee: 0.25,
            fee_percentage: 1,
            net_amount: 24.75,
            payment_method: 'bank_transfer',
          }),
        },
      },
    });
    renderWithPlatform(<WithdrawDialog open onOpenChange={() => undefined} availableGems={80} currency="usd" />);
    // The terms load first (the dialog shows a spinner), then the wizard.
    const amount = await screen.findByRole('textbox', { name: 'USD to withdraw' });
    const dialog = screen.getByRole('dialog', { name: 'Withdraw USD' });
    expect(amount).toHaveValue('10');
    expect(within(dialog).getByText('$80.00 available')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '9.99');
    await next();
    expect(await screen.findByText('The minimum USD withdrawal is $10.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '10.005');
    await next();
    expect(await screen.findByText(/at most 2 decimals|whole cents|decimals/)).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '80.01');
    await next();
    expect(
      await screen.findByText('Insufficient USD: the amount is more than your available USD.'),
    ).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    await next();

    // The bank transfer's minimum is 500 gems: it does not apply to dollars; the fee is the USD fee for every method.
    await userEvent.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    expect(screen.getByText(/3-5 business days · fee 1% · from \$10.00/)).toBeInTheDocument();
    await next();
    const field = async (name: string, value: string) =>
      userEvent.type(await screen.findByRole('textbox', { name }), value);
    await field('Account holder name', 'Ada Lovelace');
    await field('Bank name', 'First Bank');
    await field('Account number', '123456789');
    await field('Routing number', '021000021');
    await field('SWIFT code', 'CHASUS33');
    const country = screen.queryByRole('combobox', { name: 'Country' });
    if (country) await userEvent.selectOptions(country, 'US');
    else await field('Country', 'US');
    await next();

    const list = await screen.findByLabelText('Withdrawal summary');
    expect(within(list).getByText('Amount').nextSibling).toHaveTextContent('$25.00');
    expect(within(list).getByText('Fee (1%)').nextSibling).toHaveTextContent('$0.25');
    expect(within(list).getByText('You receive').nextSibling).toHaveTextContent('$24.75');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText(/Withdrawal requested\./)).toBeInTheDocument();
    expect(screen.getByText(/\$25\.00 is on hold; \$24\.75 is paid out after a \$0\.25 fee/)).toBeInTheDocument();
    const [request] = calls.filter((call) => call.key === 'POST /api/withdrawal/request');
    expect(request.body).toMatchObject({ amount: '25', payment_method: 'bank_transfer', currency_type: 'usd' });
  });
});
