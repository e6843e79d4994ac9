import { z } from 'zod';

/**
 * Payment event payloads. Stream `payment-session-<sessionId>`: one stream per checkout, so "credited once" is a
 * rule on that stream alone. Money amounts are integers: cents for what the provider charged, minor units (strings)
 * for what the ledger credited.
 */
/**
 * gems and usd: the wallet's store; plan: an advertiser plan (credits nothing, tells subscriptions); moves: a moves
 * package.
 */
export const CHECKOUT_KINDS = ['gems', 'usd', 'plan', 'moves'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

export const CheckoutSessionCreatedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  provider: z.string(),
  providerSessionId: z.string(),
  kind: z.enum(CHECKOUT_KINDS),
  packageId: z.string().nullable(),
  /** What the provider charges, in cents. */
  amountCents: z.number().int().positive(),
  /** What a paid session credits (minor units of `currency`); a plan credits nothing (`creditMinor` 0). */
  creditCurrency: z.enum(['gems', 'usd', 'moves']),
  creditMinor: z.string().regex(/^\d+$/),
  checkoutUrl: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const CheckoutSessionPaidSchema = z.object({
  sessionId: z.string(),
  /** The buyer and the credit, so the notification needs nothing but this event. */
  userId: z.string(),
  creditCurrency: z.enum(['gems', 'usd', 'moves']),
  creditMinor: z.string().regex(/^\d+$/),
  /**
   * What was bought (absent on sessions paid before plans existed: gems or usd). The subscriptions context reacts to
   * `plan`.
   */
  kind: z.enum(CHECKOUT_KINDS).optional(),
  packageId: z.string().nullable().optional(),
  providerEventId: z.string(),
  paymentReference: z.string(),
  amountCents: z.number().int().positive(),
  transactionId: z.string(),
  paidAt: z.string(),
});
export const CheckoutSessionClosedSchema = z.object({
  sessionId: z.string(),
  providerEventId: z.string().nullable(),
  outcome: z.enum(['failed', 'expired']),
  reason: z.string(),
  closedAt: z.string(),
});
export const CheckoutSessionRefundedSchema = z.object({
  sessionId: z.string(),
  providerEventId: z.string().nullable(),
  reversalTransactionId: z.string(),
  refundedAt: z.string(),
});

export const PAYMENT_EVENT_SCHEMAS = {
  CheckoutSessionCreated: CheckoutSessionCreatedSchema,
  CheckoutSessionPaid: CheckoutSessionPaidSchema,
  CheckoutSessionClosed: CheckoutSessionClosedSchema,
  CheckoutSessionRefunded: CheckoutSessionRefundedSchema,
} as const;
export type PaymentEventType = keyof typeof PAYMENT_EVENT_SCHEMAS;
export type PaymentEvent = {
  [Type in PaymentEventType]: { type: Type; data: z.infer<(typeof PAYMENT_EVENT_SCHEMAS)[Type]> };
}[PaymentEventType];
export const PAYMENT_SESSION_STREAM_PREFIX = 'payment-session-';
