import { z } from 'zod';
import {
  InvalidWebhookError,
  type CheckoutRequest,
  type PaymentProvider,
  type WebhookFact,
} from './payment-provider.port';
import { LOCAL_SIGNATURE_HEADER, signLocalPayload, verifyLocalSignature } from './local-signature';

/** The local provider's webhook body (its own format, like any provider's). */
export const LocalWebhookSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    session_id: z.string().min(1),
    payment_reference: z.string().optional(),
    amount_cents: z.number().int().optional(),
    reason: z.string().optional(),
  }),
});
export type LocalWebhook = z.infer<typeof LocalWebhookSchema>;

/**
 * The embedded default provider: no account, no network. Its hosted checkout page is served by this API
 * (`/api/payments/local/sessions/:id`); paying there makes it sign a webhook with the configured secret and deliver
 * it to the same handler the HTTP webhook route uses. Refunds are immediate and announced the same way.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly secret: string,
    private readonly apiPublicUrl: string | undefined,
    /** Delivers a signed webhook (set by the payments module to its webhook handler). */
    private readonly deliver: (rawBody: string, headers: Record<string, string>) => Promise<unknown>,
  ) {}

  info() {
    return { provider: this.name, enabled: true, ready: true, publishableKey: null, mode: 'mock' as const };
  }

  async createCheckout(request: CheckoutRequest) {
    return {
      providerSessionId: `local_${request.sessionId}`,
      checkoutUrl: `${this.apiPublicUrl ?? ''}/api/payments/local/sessions/${encodeURIComponent(request.sessionId)}`,
    };
  }

  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookFact {
    const header = headers[LOCAL_SIGNATURE_HEADER];
    if (!verifyLocalSignature(this.secret, rawBody, Array.isArray(header) ? header[0] : header))
      throw new InvalidWebhookError('bad signature');
    let parsed: LocalWebhook;
    try {
      parsed = LocalWebhookSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new InvalidWebhookError('unreadable payload');
    }
    const { id, type, data } = parsed;
    switch (type) {
      case 'checkout.session.completed':
        if (!data.payment_reference || data.amount_cents === undefined)
          throw new InvalidWebhookError('a completed session names its payment and amount');
        return {
          kind: 'paid',
          eventId: id,
          sessionId: data.session_id,
          paymentReference: data.payment_reference,
          amountCents: data.amount_cents,
        };
      case 'checkout.session.failed':
        return {
          kind: 'failed',
          eventId: id,
          sessionId: data.session_id,
          reason: data.reason ?? 'The card was declined',
        };
      case 'checkout.session.expired':
        return {
          kind: 'expired',
          eventId: id,
          sessionId: data.session_id,
          reason: data.reason ?? 'The checkout was abandoned',
        };
      case 'charge.refunded':
        return { kind: 'refunded', eventId: id, sessionId: data.session_id };
      default:
        return { kind: 'ignored', eventId: id, type };
    }
  }

  async refund(request: { sessionId: string; paymentReference: string }) {
    await this.send({
      id: `evt_refund_${request.sessionId}`,
      type: 'charge.refunded',
      data: { session_id: request.sessionId, payment_reference: request.paymentReference },
    });
  }

  /** Signs and delivers one webhook, as the provider's servers would. */
  async send(webhook: LocalWebhook): Promise<unknown> {
    const rawBody = JSON.stringify(webhook);
    return this.deliver(rawBody, {
      'content-type': 'application/json',
      [LOCAL_SIGNATURE_HEADER]: signLocalPayload(this.secret, rawBody),
    });
  }

  /** For tests and tools that act as the provider: a correctly signed header for a body. */
  signatureFor(rawBody: string): string {
    return signLocalPayload(this.secret, rawBody);
  }
}
