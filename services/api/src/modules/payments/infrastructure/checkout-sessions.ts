import { v5 as uuidv5 } from 'uuid';
import { PAYMENT_EVENT_SCHEMAS, PAYMENT_SESSION_STREAM_PREFIX, type PaymentEvent } from '@app/contracts/payments';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolveCheckout, initialCheckoutSession, type CheckoutSessionState } from '../domain/checkout-session';

export const parsePaymentEvent = eventParser<PaymentEvent>(PAYMENT_EVENT_SCHEMAS, 'payments');

export const checkoutSessionStreams = new AggregateStreams<CheckoutSessionState, PaymentEvent>({
  streamPrefix: PAYMENT_SESSION_STREAM_PREFIX,
  initial: initialCheckoutSession,
  evolve: evolveCheckout,
  parse: parsePaymentEvent,
});

/** Reads checkout sessions from the event store. */
export class CheckoutSessions extends AggregateReader(checkoutSessionStreams) {}

const NAMESPACE = '6f1c1f0e-4b8a-4f57-9a55-0d3f3c1e7a21';
/**
 * The ledger transaction of a session's credit (and of its reversal) is named after the session: the ledger's
 * event ids derive from transaction ids, so even a second writer that got past the session stream could not
 * record the credit twice.
 */
export const creditTransactionIdOf = (sessionId: string) => uuidv5(`payment-credit:${sessionId}`, NAMESPACE);
export const refundTransactionIdOf = (sessionId: string) => uuidv5(`payment-refund:${sessionId}`, NAMESPACE);
