import type { PaymentEvent } from '@app/contracts/payments';
import { checkoutStatusView } from '../../src/modules/payments/start-checkout/checkout-views';
import { evolveCheckout, initialCheckoutSession } from '../../src/modules/payments/domain/checkout-session';

const createdAt = (expiresAt: string): PaymentEvent => ({
  type: 'CheckoutSessionCreated',
  data: {
    sessionId: 's1',
    userId: 'u1',
    provider: 'local',
    providerSessionId: 'local_s1',
    kind: 'usd',
    packageId: null,
    amountCents: 2550,
    creditCurrency: 'usd',
    creditMinor: '255000',
    checkoutUrl: '/api/payments/local/sessions/s1',
    successUrl: '/wallet?checkout=s1&status=success',
    cancelUrl: '/wallet?checkout=s1&status=cancelled',
    expiresAt,
    createdAt: '2026-11-25T10:00:00.000Z',
  },
});

describe('checkout status view', () => {
  it('shows an open session as open until its deadline and as expired after it', () => {
    const future = evolveCheckout(initialCheckoutSession(), createdAt(new Date(Date.now() + 60_000).toISOString()));
    expect(checkoutStatusView(future)).toMatchObject({
      status: 'open',
      price: 25.5,
      credit_currency: 'usd',
      credit_amount: 25.5,
      credited: false,
    });
    const past = evolveCheckout(initialCheckoutSession(), createdAt(new Date(Date.now() - 1).toISOString()));
    expect(checkoutStatusView(past)).toMatchObject({ status: 'expired', credited: false });
  });
});
