import { z } from 'zod';
import { amountField } from '../ledger/currency';
import { USD_TOP_UP_LIMITS } from './catalogue';
import { CHECKOUT_KINDS } from './events';
import { PAYMENT_MESSAGES } from './messages';

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PaymentProviderInfoSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  enabled: z.boolean(),
  /** Configured with what it needs to take a payment (keys, webhook secret). */
  ready: z.boolean(),
  /** The first 12 characters of the publishable key (spec 3 §9), null when the provider has none. */
  publishableKey: z.string().nullable(),
  /** live: a real provider; mock: the embedded local provider (no account, no network). */
  mode: z.enum(['live', 'mock']),
});
export const PaymentProvidersListSchema = z.object({
  providers: z.array(PaymentProviderInfoSchema),
  /** null: no provider takes payments in this deployment (production without Stripe keys or the local provider). */
  defaultProvider: z.enum(PAYMENT_PROVIDERS).nullable(),
});
export type PaymentProvidersList = z.infer<typeof PaymentProvidersListSchema>;
/** Inside `data`, like the other advertiser-facing answers (spec 3 §7: "data.providers and defaultProvider"). */
export const PaymentProvidersResponseSchema = z.object({
  status: z.literal('success'),
  data: PaymentProvidersListSchema,
});
export type PaymentProvidersResponse = z.infer<typeof PaymentProvidersResponseSchema>;

export const GemPackageSchema = z.object({
  id: z.string(),
  gems: z.number(),
  bonus: z.number(),
  total_gems: z.number(),
  price: z.number(),
  price_cents: z.number(),
  label: z.string().nullable(),
  most_popular: z.boolean(),
});
export const GemPackagesResponseSchema = z.object({ packages: z.array(GemPackageSchema) });
export type GemPackagesResponse = z.infer<typeof GemPackagesResponseSchema>;

/**
 * The spec's body {package_id, gems, price}. Only `package_id` counts: gems and price are read from the server's
 * catalogue, whatever the client sends (they are accepted so the spec's client validates, and ignored).
 */
export const CreateCheckoutSessionRequestSchema = z.object({
  package_id: z
    .string({ error: PAYMENT_MESSAGES.unknownPackage })
    .trim()
    .min(1, PAYMENT_MESSAGES.unknownPackage)
    .max(64),
  gems: z.unknown().optional(),
  price: z.unknown().optional(),
  /** Where the provider sends the browser back; same-origin paths only. Default `/wallet?checkout=<id>`. */
  return_path: z.string().max(500).optional(),
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequestSchema>;

/** "Add funds" on the USD card: dollars with at most 2 decimals. */
export const UsdTopUpRequestSchema = z.object({
  amount: amountField({
    label: 'Amount',
    currency: 'usd',
    min: USD_TOP_UP_LIMITS.minDollars,
    max: USD_TOP_UP_LIMITS.maxDollars,
  }).refine((minor) => minor % 100n === 0n, 'Amount must have at most 2 decimals'),
  return_path: z.string().max(500).optional(),
});

export const CheckoutSessionResponseSchema = z.object({
  success: z.literal(true),
  session_id: z.string(),
  /** The provider's hosted checkout page: send the browser there. */
  checkout_url: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  expires_at: z.string(),
});
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponseSchema>;

export const CHECKOUT_STATUSES = ['open', 'paid', 'failed', 'expired', 'refunded'] as const;
export const CheckoutSessionStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(CHECKOUT_KINDS),
  provider: z.enum(PAYMENT_PROVIDERS),
  package_id: z.string().nullable(),
  /** Dollars charged. */
  price: z.number(),
  status: z.enum(CHECKOUT_STATUSES),
  /** What a paid session credits (gems incl. bonus, dollars, or moves; a plan credits nothing: amount 0). */
  credit_currency: z.enum(['gems', 'usd', 'moves']),
  credit_amount: z.number(),
  /** Credited: true once the ledger posted the credit (exactly once per paid session). */
  credited: z.boolean(),
  transaction_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
});
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatusSchema>;

export const WebhookAcknowledgementSchema = z.object({
  received: z.literal(true),
  /**
   * What the delivery did: credited, already processed (a replay), closed, refunded, or ignored (an event type we do
   * not act on).
   */
  outcome: z.enum(['credited', 'duplicate', 'closed', 'refunded', 'ignored']),
});

export const RefundResponseSchema = z.object({ success: z.literal(true), session: CheckoutSessionStatusSchema });

/**
 * `POST /api/payments/checkout` (spec 3 §7): an advertiser plan or a moves package by `plan_id`; the price is the
 * server catalogue's. `success_url` / `cancel_url`: a same-origin path or an address on the app's own origin.
 */
export const PlanCheckoutRequestSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: PAYMENT_MESSAGES.unknownProvider }).optional(),
  plan_id: z.string({ error: 'plan_id is required' }).trim().min(1, 'plan_id is required').max(64),
  success_url: z.string().trim().min(1).max(500).optional(),
  cancel_url: z.string().trim().min(1).max(500).optional(),
  /** Kept for the spec's client; never read for price or credit. */
  metadata: z.record(z.string(), z.unknown()).optional(),
  price: z.unknown().optional(),
});
export type PlanCheckoutRequest = z.infer<typeof PlanCheckoutRequestSchema>;

export const PlanCheckoutResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    url: z.string(),
    session_id: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    status: z.enum(CHECKOUT_STATUSES),
    expiresAt: z.string(),
    kind: z.enum(['plan', 'moves']),
    plan_id: z.string(),
    price: z.number(),
  }),
});
export type PlanCheckoutResponse = z.infer<typeof PlanCheckoutResponseSchema>;
