import { renderWithPlatform } from '@app/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GEM_PACKAGES } from '@app/contracts/payments';
import { fakeWalletApi } from '../../../shared/test-api';
import CheckoutResultDialog from './checkout-result-dialog';
import GemStoreDialog from './gem-store-dialog';

jest.setTimeout(20_000);

const packages = { body: { packages: GEM_PACKAGES } };
const checkoutAnswer = {
  body: {
    success: true,
    session_id: 'cs_1',
    checkout_url: 'http://localhost:3000/api/payments/local/sessions/cs_1',
    provider: 'local',
    expires_at: '2026-11-25T10:00:00Z',
  },
};

function session(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cs_1',
    kind: 'gems',
    provider: 'local',
    package_id: 'popular',
    price: 55,
    status: 'open',
    credit_currency: 'gems',
    credit_amount: 50,
    credited: false,
    transaction_id: null,
    failure_reason: null,
    created_at: '2026-11-25T09:00:00Z',
    paid_at: null,
    expires_at: '2026-11-25T09:30:00Z',
    ...overrides,
  };
}

describe('the Gem Store dialog', () => {
  it("shows the server's packages and sends the browser to the provider's checkout for the chosen one", async () => {
    const leaveFor = jest.fn();
    const calls = fakeWalletApi({
      'GET /api/payments/gem-packages': packages,
      'POST /api/payments/create-checkout-session': checkoutAnswer,
    });
    renderWithPlatform(<GemStoreDialog open onOpenChange={() => undefined} leaveFor={leaveFor} />);
    const list = await screen.findByRole('list', { name: 'Gem packages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const popular = within(list).getByRole('listitem', { name: '50 gems for $55.00' });
    expect(within(popular).getByText('Best Value')).toBeInTheDocument();
    expect(within(popular).getByText('+ 3 bonus gems')).toBeInTheDocument();
    await userEvent.click(within(popular).getByRole('button', { name: 'Buy 50 gems' }));
    expect(leaveFor).toHaveBeenCalledWith('http://localhost:3000/api/payments/local/sessions/cs_1');
    const post = calls.find((call) => call.key === 'POST /api/payments/create-checkout-session');
    expect(post?.body).toEqual({ package_id: 'popular', gems: 50, price: 55 });
    expect(post?.headers['Idempotency-Key']).toMatch(/.+/);
  });

  it("shows the server's refusal and stays put", async () => {
    const leaveFor = jest.fn();
    fakeWalletApi({
      'GET /api/payments/gem-packages': packages,
      'POST /api/payments/create-checkout-session': {
        status: 403,
        body: { error: 'Demo accounts are sandboxes and cannot buy with real money', code: 'DEMO_ACCOUNT_CANNOT_PAY' },
      },
    });
    renderWithPlatform(<GemStoreDialog open onOpenChange={() => undefined} leaveFor={leaveFor} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 10 gems' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demo accounts are sandboxes and cannot buy with real money',
    );
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("says 'Failed to create payment session' when the server gives no reason", async () => {
    fakeWalletApi({
      'GET /api/payments/gem-packages': packages,
      'POST /api/payments/create-checkout-session': { status: 502 },
    });
    renderWithPlatform(<GemStoreDialog open onOpenChange={() => undefined} leaveFor={jest.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 10 gems' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create payment session');
  });

  it('adds funds to the USD wallet within the contract bounds', async () => {
    const leaveFor = jest.fn();
    const calls = fakeWalletApi({ 'POST /api/payments/usd-top-up': checkoutAnswer });
    renderWithPlatform(<GemStoreDialog open currency="usd" onOpenChange={() => undefined} leaveFor={leaveFor} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount in US dollars' });
    await userEvent.type(amount, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(/Amount must be at least 5/)).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '25.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(checkoutAnswer.body.checkout_url));
    expect(calls.find((call) => call.key === 'POST /api/payments/usd-top-up')?.body).toEqual({
      amount: '25.50',
      return_path: '/wallet',
    });
  });
});

describe('the return from the checkout', () => {
  it('waits for the webhook and shows the credited gems', async () => {
    let polls = 0;
    fakeWalletApi({
      'GET /api/payments/checkout-sessions/cs_1': () => {
        polls += 1;
        return {
          body:
            polls < 2
              ? session()
              : session({ status: 'paid', credited: true, paid_at: '2026-11-25T09:01:00Z', transaction_id: 't-1' }),
        };
      },
    });
    renderWithPlatform(
      <CheckoutResultDialog sessionId="cs_1" open onOpenChange={() => undefined} onBuyAgain={() => undefined} />,
    );
    expect(await screen.findByText('Waiting for the payment to be confirmed')).toBeInTheDocument();
    expect(await screen.findByText('50 gems', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/were added to your wallet for/)).toHaveTextContent('for $55.00');
  });

  it('after a USD top-up shows the dollars and offers to add more funds', async () => {
    const onBuyAgain = jest.fn();
    fakeWalletApi({
      'GET /api/payments/checkout-sessions/cs_1': {
        body: session({
          kind: 'usd',
          package_id: null,
          price: 25,
          credit_currency: 'usd',
          credit_amount: 25,
          status: 'paid',
          credited: true,
          paid_at: '2026-11-25T09:01:00Z',
          transaction_id: 't-1',
        }),
      },
    });
    renderWithPlatform(
      <CheckoutResultDialog sessionId="cs_1" open onOpenChange={() => undefined} onBuyAgain={onBuyAgain} />,
    );
    expect(await screen.findByText(/were added to your USD wallet/)).toHaveTextContent(
      '$25.00 were added to your USD wallet for $25.00',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add More Funds' }));
    expect(onBuyAgain).toHaveBeenCalledWith('usd');
  });

  it('says the payment failed when the provider declined it', async () => {
    fakeWalletApi({
      'GET /api/payments/checkout-sessions/cs_1': {
        body: session({ status: 'failed', failure_reason: 'Your card was declined.' }),
      },
    });
    renderWithPlatform(
      <CheckoutResultDialog sessionId="cs_1" open onOpenChange={() => undefined} onBuyAgain={() => undefined} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
  });
});
