import type { PaymentEvent } from '@app/contracts/payments';
import {
  decideCheckout,
  evolveCheckout,
  initialCheckoutSession,
  type CheckoutCommand,
  type CheckoutDecision,
  type CheckoutSessionState,
} from '../../src/modules/payments/domain/checkout-session';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<CheckoutCommand, CheckoutSessionState, PaymentEvent, CheckoutDecision>({
  decide: decideCheckout,
  evolve: evolveCheckout,
  initialState: initialCheckoutSession,
});

const now = '2026-11-25T10:00:00.000Z';
const created: PaymentEvent = {
  type: 'CheckoutSessionCreated',
  data: {
    sessionId: 's1',
    userId: 'u1',
    provider: 'local',
    providerSessionId: 'local_s1',
    kind: 'gems',
    packageId: 'popular',
    amountCents: 5500,
    creditCurrency: 'gems',
    creditMinor: '500000',
    checkoutUrl: '/api/payments/local/sessions/s1',
    successUrl: '/wallet?checkout=s1&status=success',
    cancelUrl: '/wallet?checkout=s1&status=cancelled',
    expiresAt: '2026-11-25T10:30:00.000Z',
    createdAt: now,
  },
};
const confirm = (amountCents = 5500, providerEventId = 'evt_1'): CheckoutCommand => ({
  type: 'ConfirmPayment',
  data: { providerEventId, paymentReference: 'pay_1', amountCents, transactionId: 'tx-credit', now },
});
const paid: PaymentEvent = {
  type: 'CheckoutSessionPaid',
  data: {
    sessionId: 's1',
    userId: 'u1',
    creditCurrency: 'gems',
    creditMinor: '500000',
    kind: 'gems',
    packageId: 'popular',
    providerEventId: 'evt_1',
    paymentReference: 'pay_1',
    amountCents: 5500,
    transactionId: 'tx-credit',
    paidAt: now,
  },
};
const closed = (outcome: 'failed' | 'expired'): PaymentEvent => ({
  type: 'CheckoutSessionClosed',
  data: { sessionId: 's1', providerEventId: 'evt_x', outcome, reason: 'r', closedAt: now },
});
const refund: CheckoutCommand = {
  type: 'RefundPayment',
  data: { providerEventId: null, reversalTransactionId: 'tx-refund', now },
};

describe('checkout session lifecycle', () => {
  it('is created once', () => {
    spec
      .given()
      .when({ type: 'CreateCheckoutSession', data: created.data as never })
      .then([created]);
    spec
      .given([created])
      .when({ type: 'CreateCheckoutSession', data: created.data as never })
      .thenRefused('SESSION_MUST_BE_NEW');
  });

  it('records the payment of an open session for its price', () => {
    spec.given([created]).when(confirm()).then([paid]);
  });

  it('credits once: a second confirmation, from any event, is a duplicate that records nothing', () => {
    expect(spec.given([created, paid]).when(confirm(5500, 'evt_2')).decision).toEqual({ kind: 'duplicate' });
    expect(
      spec
        .given([
          created,
          paid,
          {
            type: 'CheckoutSessionRefunded',
            data: { sessionId: 's1', providerEventId: null, reversalTransactionId: 'tx-refund', refundedAt: now },
          },
        ])
        .when(confirm()).decision,
    ).toEqual({ kind: 'duplicate' });
  });

  it('refuses a payment of another amount than the price, of an unknown session, and of a failed or expired one', () => {
    spec.given([created]).when(confirm(5499)).thenRefused('AMOUNT_PAID_MUST_MATCH_THE_PRICE');
    spec.given().when(confirm()).thenRefused('SESSION_MUST_EXIST');
    spec
      .given([created, closed('failed')])
      .when(confirm())
      .thenRefused('SESSION_MUST_BE_OPEN');
    spec
      .given([created, closed('expired')])
      .when(confirm())
      .thenRefused('SESSION_MUST_BE_OPEN');
  });

  it('closes an open session as failed or expired; a close after the payment changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'CloseCheckoutSession', data: { providerEventId: 'evt_x', outcome: 'failed', reason: 'r', now } })
      .then([closed('failed')]);
    expect(
      spec
        .given([created, paid])
        .when({ type: 'CloseCheckoutSession', data: { providerEventId: 'e', outcome: 'expired', reason: 'r', now } })
        .decision,
    ).toEqual({ kind: 'duplicate' });
    expect(
      spec
        .given([created, closed('expired')])
        .when({ type: 'CloseCheckoutSession', data: { providerEventId: 'e', outcome: 'expired', reason: 'r', now } })
        .decision,
    ).toEqual({ kind: 'duplicate' });
  });

  it('refunds a paid session once, and only a paid one', () => {
    spec
      .given([created, paid])
      .when(refund)
      .then([
        {
          type: 'CheckoutSessionRefunded',
          data: { sessionId: 's1', providerEventId: null, reversalTransactionId: 'tx-refund', refundedAt: now },
        },
      ]);
    spec.given([created]).when(refund).thenRefused('SESSION_MUST_BE_PAID');
    spec
      .given([created, closed('failed')])
      .when(refund)
      .thenRefused('SESSION_MUST_BE_PAID');
  });
});
