import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuySharesDialog } from '../market/buy-shares-dialog';
import { answerApiCallsRecording, createUser, renderWithPlatform } from '../testing';
import { AddFundsOffer, returnPathOf, suggestedTopUp } from './add-funds';
import { CheckoutReturnNotice } from './checkout-return-notice';

jest.setTimeout(20_000);

const checkoutAnswer = {
  body: {
    success: true,
    session_id: 'cs_9',
    checkout_url: '/api/payments/local/sessions/cs_9',
    provider: 'local',
    expires_at: '2026-12-05T10:00:00Z',
  },
};
const withDollars = (usd: number | string) => createUser({ usd_balance: usd });

describe('Add funds where dollars are needed', () => {
  it('says nothing while the USD balance covers the amount', () => {
    renderWithPlatform(<AddFundsOffer neededDollars={20} />, { user: withDollars('20.0000') });
    expect(screen.queryByRole('alert', { name: 'Not enough dollars' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add funds' })).not.toBeInTheDocument();
  });

  it('when short, says so, suggests the shortfall, and leaves for the checkout with a return to this page', async () => {
    const user = userEvent.setup();
    const leaveFor = jest.fn();
    const calls = answerApiCallsRecording({ 'POST /api/payments/usd-top-up': checkoutAnswer });
    renderWithPlatform(<AddFundsOffer neededDollars={32.5} returnPath="/content/c-1" leaveFor={leaveFor} />, {
      user: withDollars(20),
    });
    const offer = screen.getByRole('alert', { name: 'Not enough dollars' });
    expect(offer).toHaveTextContent('Your USD balance is $20.00; this needs $32.50.');
    await user.click(within(offer).getByRole('button', { name: 'Add funds' }));
    const amount = within(offer).getByRole('textbox', { name: 'Amount in US dollars' });
    expect(amount).toHaveValue('12.50');
    await user.click(within(offer).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/api/payments/local/sessions/cs_9'));
    const post = calls.find((call) => call.key === 'POST /api/payments/usd-top-up');
    expect(post?.body).toEqual({ amount: '12.50', return_path: '/content/c-1' });
    expect(post?.headers['Idempotency-Key']).toMatch(/.+/);
  });

  it("refuses an amount outside the provider's bounds before asking, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const leaveFor = jest.fn();
    answerApiCallsRecording({
      'POST /api/payments/usd-top-up': {
        status: 403,
        body: { error: 'Demo accounts are sandboxes and cannot buy with real money', code: 'DEMO_ACCOUNT_CANNOT_PAY' },
      },
    });
    renderWithPlatform(<AddFundsOffer neededDollars={1} leaveFor={leaveFor} />, { user: withDollars(0) });
    await user.click(screen.getByRole('button', { name: 'Add funds' }));
    const amount = screen.getByRole('textbox', { name: 'Amount in US dollars' });
    // Short by $1, but the provider's minimum is $5.
    expect(amount).toHaveValue('5.00');
    await user.clear(amount);
    await user.type(amount, '4');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(/Amount must be at least 5/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '5{Enter}');
    expect(await screen.findByText('Demo accounts are sandboxes and cannot buy with real money')).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('is offered inside Buy Shares when the total is above the balance', async () => {
    const user = userEvent.setup();
    renderWithPlatform(
      <BuySharesDialog
        open
        onOpenChange={() => undefined}
        target={{ contentId: 'c-1', title: 'Morning', sharePrice: 2.5, availableShares: 100 }}
      />,
      {
        user: withDollars(5),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buy Shares' });
    expect(within(dialog).queryByRole('button', { name: 'Add funds' })).not.toBeInTheDocument();
    const count = within(dialog).getByRole('spinbutton', { name: 'Number of shares' });
    await user.clear(count);
    await user.type(count, '4');
    expect(within(dialog).getByRole('alert', { name: 'Not enough dollars' })).toHaveTextContent('this needs $10.00');
    expect(within(dialog).getByRole('button', { name: 'Add funds' })).toBeInTheDocument();
  });

  it('suggests whole cents within the bounds and sends only plain paths back', () => {
    expect(suggestedTopUp(10.001, 0)).toBe('10.01');
    expect(suggestedTopUp(2000, 0)).toBe('1000.00');
    expect(returnPathOf('/invest/forecasts')).toBe('/invest/forecasts');
    expect(returnPathOf('//evil.example')).toBe('/wallet');
  });
});

describe('the notice on the page the checkout returned to', () => {
  it('waits for the credit, then says what arrived and the USD balance; Dismiss removes it', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const session = (overrides: Record<string, unknown>) => ({
      id: 'cs_9',
      kind: 'usd',
      provider: 'local',
      package_id: null,
      price: 25,
      status: 'open',
      credit_currency: 'usd',
      credit_amount: 25,
      credited: false,
      transaction_id: null,
      failure_reason: null,
      created_at: '2026-12-05T09:00:00Z',
      paid_at: null,
      expires_at: '2026-12-05T09:30:00Z',
      ...overrides,
    });
    answerApiCallsRecording({
      'GET /api/payments/checkout-sessions/cs_9': () => {
        polls += 1;
        return {
          body:
            polls < 2
              ? session({})
              : session({ status: 'paid', credited: true, paid_at: '2026-12-05T09:01:00Z', transaction_id: 't-1' }),
        };
      },
    });
    const onDismiss = jest.fn();
    renderWithPlatform(<CheckoutReturnNotice sessionId="cs_9" onDismiss={onDismiss} />, { user: withDollars(25) });
    const notice = screen.getByRole('status', { name: 'Payment' });
    expect(await within(notice).findByText('Waiting for the payment to be confirmed')).toBeInTheDocument();
    await waitFor(
      () => expect(notice).toHaveTextContent('$25.00 added to your wallet. Your USD balance is now $25.00.'),
      { timeout: 5000 },
    );
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('says nothing was charged when the payment did not complete', async () => {
    answerApiCallsRecording({
      'GET /api/payments/checkout-sessions/cs_9': {
        body: {
          id: 'cs_9',
          kind: 'usd',
          provider: 'local',
          package_id: null,
          price: 25,
          status: 'failed',
          credit_currency: 'usd',
          credit_amount: 25,
          credited: false,
          transaction_id: null,
          failure_reason: 'Your card was declined.',
          created_at: '2026-12-05T09:00:00Z',
          paid_at: null,
          expires_at: '2026-12-05T09:30:00Z',
        },
      },
    });
    renderWithPlatform(<CheckoutReturnNotice sessionId="cs_9" onDismiss={() => undefined} />, { user: withDollars(0) });
    expect(
      await screen.findByText('The payment for $25.00 was not completed, so nothing was charged or added.'),
    ).toBeInTheDocument();
  });
});
