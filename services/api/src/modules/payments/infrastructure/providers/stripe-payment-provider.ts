import Stripe from 'stripe';
import {
  InvalidWebhookError,
  type CheckoutRequest,
  type PaymentProvider,
  type WebhookFact,
} from './payment-provider.port';

/**
 * Stripe Checkout on the official SDK (`PAYMENTS_PROVIDER=stripe`). Our session id rides in the Checkout Session's
 * `client_reference_id` and in the metadata of the session and its PaymentIntent, so every event about it (the
 * session's own, and a refund's charge) leads back to it. Webhooks are verified by the SDK over the raw body.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly keys: { publishableKey?: string; webhookSecret?: string; secretKey?: string },
  ) {}

  info() {
    const ready = Boolean(this.keys.secretKey && this.keys.webhookSecret && this.keys.publishableKey);
    const live = this.keys.secretKey?.startsWith('sk_live_') ?? false;
    return {
      provider: this.name,
      enabled: true,
      ready,
      publishableKey: this.keys.publishableKey ? this.keys.publishableKey.slice(0, 12) : null,
      mode: live ? ('live' as const) : ('mock' as const),
    };
  }

  async createCheckout(request: CheckoutRequest) {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.sessionId,
        metadata: { session_id: request.sessionId },
        payment_intent_data: { metadata: { session_id: request.sessionId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // Stripe accepts 30 minutes to 24 hours.
        expires_at: Math.floor(Date.parse(request.expiresAt) / 1000),
      },
      { idempotencyKey: `checkout-${request.sessionId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { providerSessionId: session.id, checkoutUrl: session.url };
  }

  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookFact {
    const signature = headers['stripe-signature'];
    if (!signature || !this.keys.webhookSecret) throw new InvalidWebhookError('missing signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.keys.webhookSecret);
    } catch {
      throw new InvalidWebhookError('bad signature');
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const sessionId = session.client_reference_id ?? session.metadata?.session_id;
        if (!sessionId) return { kind: 'ignored', eventId: event.id, type: event.type };
        // A delayed method (bank debit) completes the session unpaid and succeeds later: credit on the success only.
        if (session.payment_status !== 'paid')
          return { kind: 'ignored', eventId: event.id, type: `${event.type}:${session.payment_status}` };
        const paymentIntent =
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? session.id);
        return {
          kind: 'paid',
          eventId: event.id,
          sessionId,
          paymentReference: paymentIntent,
          amountCents: session.amount_total ?? 0,
        };
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const sessionId = session.client_reference_id ?? session.metadata?.session_id;
        if (!sessionId) return { kind: 'ignored', eventId: event.id, type: event.type };
        const failed = event.type === 'checkout.session.async_payment_failed';
        return {
          kind: failed ? 'failed' : 'expired',
          eventId: event.id,
          sessionId,
          reason: failed ? 'The payment failed' : 'The checkout expired',
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const sessionId = charge.metadata?.session_id;
        // Only full refunds reverse a credit; a partial refund is an operator's matter.
        if (!sessionId || !charge.refunded) return { kind: 'ignored', eventId: event.id, type: event.type };
        return { kind: 'refunded', eventId: event.id, sessionId };
      }
      default:
        return { kind: 'ignored', eventId: event.id, type: event.type };
    }
  }

  async refund(request: { sessionId: string; paymentReference: string }) {
    await this.stripe.refunds.create(
      { payment_intent: request.paymentReference, metadata: { session_id: request.sessionId } },
      { idempotencyKey: `refund-${request.sessionId}` },
    );
  }
}
