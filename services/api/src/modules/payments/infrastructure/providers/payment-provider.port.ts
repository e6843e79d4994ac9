import type { PaymentProviderName, PaymentProvidersList } from '@app/contracts/payments';

export interface CheckoutRequest {
  /** Our session id: the provider carries it back in every webhook (metadata / client reference). */
  sessionId: string;
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: string;
}

/** What a verified webhook says, in our terms. `sessionId` is ours, read from the provider's metadata. */
export type WebhookFact =
  | { kind: 'paid'; eventId: string; sessionId: string; paymentReference: string; amountCents: number }
  | { kind: 'failed' | 'expired'; eventId: string; sessionId: string; reason: string }
  | { kind: 'refunded'; eventId: string; sessionId: string }
  | { kind: 'ignored'; eventId: string; type: string };

/** The signature or payload did not verify: 400 and nothing changes. */
export class InvalidWebhookError extends Error {}

/**
 * A card payment provider: a hosted checkout for an amount, signed webhooks about it, refunds. Each adapter turns
 * its provider's shapes into these; the payments context never sees a provider's own objects.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  info(): PaymentProvidersList['providers'][number];
  createCheckout(request: CheckoutRequest): Promise<{ providerSessionId: string; checkoutUrl: string }>;
  /** Verifies the signature over the exact bytes received and reads the event; throws `InvalidWebhookError`. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookFact;
  /** Refunds a paid checkout in full; idempotent per session at the provider. */
  refund(request: {
    sessionId: string;
    providerSessionId: string;
    paymentReference: string;
    amountCents: number;
  }): Promise<void>;
}

export const PAYMENT_PROVIDERS_TOKEN = Symbol('PAYMENT_PROVIDERS');
