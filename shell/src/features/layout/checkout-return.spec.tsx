import { answerApiCalls, renderWithPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import { CheckoutReturn } from './checkout-return';

const paidTopUp = {
  body: {
    id: 'cs_1',
    kind: 'usd',
    provider: 'local',
    package_id: null,
    price: 15,
    status: 'paid',
    credit_currency: 'usd',
    credit_amount: 15,
    credited: true,
    transaction_id: 't1',
    failure_reason: null,
    created_at: '2026-12-05T10:00:00Z',
    paid_at: '2026-12-05T10:01:00Z',
    expires_at: '2026-12-05T11:00:00Z',
  },
};

describe('the checkout return notice', () => {
  it('says what an Add funds top-up added on the page the person came back to', async () => {
    answerApiCalls({ 'GET /api/payments/checkout-sessions/cs_1': paidTopUp });
    renderWithPlatform(<CheckoutReturn />, { route: '/invest/social-forecasts?checkout=cs_1' });
    expect(await screen.findByText(/added to your wallet/)).toBeInTheDocument();
  });

  it.each(['/plans?plan=upgraded&checkout=cs_1', '/plans/moves?checkout=cs_1', '/wallet?checkout=cs_1'])(
    'leaves %s to show its own result (a plan or moves bought is not dollars added)',
    (route) => {
      answerApiCalls({ 'GET /api/payments/checkout-sessions/cs_1': paidTopUp });
      renderWithPlatform(<CheckoutReturn />, { route });
      expect(screen.queryByRole('status', { name: 'Payment' })).not.toBeInTheDocument();
    },
  );
});
