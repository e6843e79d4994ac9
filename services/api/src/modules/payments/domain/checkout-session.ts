import type { PaymentEvent } from '@app/contracts/payments';

/**
 * One checkout (stream `payment-session-<sessionId>`): created for a catalogue price, then paid (credited once),
 * failed or expired (credits nothing), and a paid one may be refunded (its credit reversed once). Pure decider:
 * ids and time arrive in the command, so a retry after a version conflict decides the same.
 */
export type CheckoutStatus = 'none' | 'open' | 'paid' | 'failed' | 'expired' | 'refunded';
type Created = Extract<PaymentEvent, { type: 'CheckoutSessionCreated' }>['data'];
type Paid = Extract<PaymentEvent, { type: 'CheckoutSessionPaid' }>['data'];

export interface CheckoutSessionState {
  status: CheckoutStatus;
  created: Created | null;
  paid: Paid | null;
  failureReason: string | null;
  refundTransactionId: string | null;
}

export const initialCheckoutSession = (): CheckoutSessionState => ({
  status: 'none',
  created: null,
  paid: null,
  failureReason: null,
  refundTransactionId: null,
});

export type CheckoutCommand =
  | { type: 'CreateCheckoutSession'; data: Created }
  | {
      type: 'ConfirmPayment';
      data: {
        providerEventId: string;
        paymentReference: string;
        amountCents: number;
        transactionId: string;
        now: string;
      };
    }
  | {
      type: 'CloseCheckoutSession';
      data: { providerEventId: string | null; outcome: 'failed' | 'expired'; reason: string; now: string };
    }
  | { type: 'RefundPayment'; data: { providerEventId: string | null; reversalTransactionId: string; now: string } };

export type CheckoutRefusal =
  | 'SESSION_MUST_BE_NEW'
  | 'SESSION_MUST_EXIST'
  | 'SESSION_MUST_BE_OPEN'
  | 'AMOUNT_PAID_MUST_MATCH_THE_PRICE'
  | 'SESSION_MUST_BE_PAID';

/**
 * `duplicate`: the fact is already recorded (a replayed or parallel webhook, or a second event for the same
 * outcome): nothing to append, nothing to credit. The caller answers the provider 200 so it stops retrying.
 */
export type CheckoutDecision =
  { kind: 'accepted'; events: PaymentEvent[] } | { kind: 'duplicate' } | { kind: 'refused'; refusal: CheckoutRefusal };

const refuse = (refusal: CheckoutRefusal): CheckoutDecision => ({ kind: 'refused', refusal });

/** A payment reported for an open session: paid once, for the session's exact price. */
function confirmPayment(
  data: Extract<CheckoutCommand, { type: 'ConfirmPayment' }>['data'],
  state: CheckoutSessionState,
): CheckoutDecision {
  if (!state.created) return refuse('SESSION_MUST_EXIST');
  if (state.status === 'paid' || state.status === 'refunded') return { kind: 'duplicate' };
  // A provider that reports a payment for a session it already failed or expired is an operator matter
  // (logged by the caller); crediting it here would credit a session the user saw fail.
  if (state.status !== 'open') return refuse('SESSION_MUST_BE_OPEN');
  if (data.amountCents !== state.created.amountCents) return refuse('AMOUNT_PAID_MUST_MATCH_THE_PRICE');
  const { providerEventId, paymentReference, amountCents, transactionId, now } = data;
  return {
    kind: 'accepted',
    events: [
      {
        type: 'CheckoutSessionPaid',
        data: {
          sessionId: state.created.sessionId,
          userId: state.created.userId,
          creditCurrency: state.created.creditCurrency,
          creditMinor: state.created.creditMinor,
          kind: state.created.kind,
          packageId: state.created.packageId,
          providerEventId,
          paymentReference,
          amountCents,
          transactionId,
          paidAt: now,
        },
      },
    ],
  };
}

export function decideCheckout(command: CheckoutCommand, state: CheckoutSessionState): CheckoutDecision {
  switch (command.type) {
    case 'CreateCheckoutSession':
      if (state.status !== 'none') return refuse('SESSION_MUST_BE_NEW');
      return { kind: 'accepted', events: [{ type: 'CheckoutSessionCreated', data: command.data }] };
    case 'ConfirmPayment':
      return confirmPayment(command.data, state);
    case 'CloseCheckoutSession':
      if (!state.created) return refuse('SESSION_MUST_EXIST');
      if (state.status === command.data.outcome) return { kind: 'duplicate' };
      // Out of order: a failure or expiry reported after the payment changes nothing (the money arrived).
      if (state.status !== 'open') return { kind: 'duplicate' };
      return {
        kind: 'accepted',
        events: [
          {
            type: 'CheckoutSessionClosed',
            data: {
              sessionId: state.created.sessionId,
              providerEventId: command.data.providerEventId,
              outcome: command.data.outcome,
              reason: command.data.reason,
              closedAt: command.data.now,
            },
          },
        ],
      };
    case 'RefundPayment':
      if (!state.created) return refuse('SESSION_MUST_EXIST');
      if (state.status === 'refunded') return { kind: 'duplicate' };
      if (state.status !== 'paid') return refuse('SESSION_MUST_BE_PAID');
      return {
        kind: 'accepted',
        events: [
          {
            type: 'CheckoutSessionRefunded',
            data: {
              sessionId: state.created.sessionId,
              providerEventId: command.data.providerEventId,
              reversalTransactionId: command.data.reversalTransactionId,
              refundedAt: command.data.now,
            },
          },
        ],
      };
  }
}

export function evolveCheckout(state: CheckoutSessionState, event: PaymentEvent): CheckoutSessionState {
  switch (event.type) {
    case 'CheckoutSessionCreated':
      return { ...state, status: 'open', created: event.data };
    case 'CheckoutSessionPaid':
      return { ...state, status: 'paid', paid: event.data };
    case 'CheckoutSessionClosed':
      return { ...state, status: event.data.outcome, failureReason: event.data.reason };
    case 'CheckoutSessionRefunded':
      return { ...state, status: 'refunded', refundTransactionId: event.data.reversalTransactionId };
  }
}
