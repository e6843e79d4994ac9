import { z } from 'zod';
import { amountField } from '../ledger/currency';
import { PAYMENT_DETAIL_FIELDS } from './details';

export const WITHDRAWAL_LIMITS = Object.freeze({
  /** Spec 3 §5 and §9. */
  minGems: 200,
  /** Largest single request (gems): a bound for the amount field, far above any balance a user earns. */
  maxGems: 10_000_000,
  /** Spec 3 §9: the fee the wallet shows before a method is chosen; the confirm step uses the method's own. */
  displayedFeePercentage: 2.5,
});

/**
 * What a withdrawal takes out of the wallet: gems (methods' minimums and fees) or USD (its own, see
 * `UsdWithdrawalTerms`).
 */
export const WITHDRAWAL_CURRENCIES = ['gems', 'usd'] as const;
export type WithdrawalCurrency = (typeof WITHDRAWAL_CURRENCIES)[number];

/**
 * USD withdrawals: one minimum (dollars) and one fee percentage for every method, from configuration
 * (`WITHDRAWAL_USD_MIN_AMOUNT`, `WITHDRAWAL_USD_FEE_PERCENTAGE`); amounts in whole cents.
 */
export const UsdWithdrawalTermsSchema = z.object({
  currency_type: z.literal('usd'),
  min_amount: z.number(),
  fee_percentage: z.number(),
});
export type UsdWithdrawalTerms = z.infer<typeof UsdWithdrawalTermsSchema>;
export const DEFAULT_USD_WITHDRAWAL_TERMS: UsdWithdrawalTerms = Object.freeze({
  currency_type: 'usd',
  min_amount: 10,
  fee_percentage: 1,
});

export const WITHDRAWAL_MESSAGES = Object.freeze({
  insufficientGems: 'Insufficient Gems: You need at least 200 gems to request a withdrawal.',
  notEnoughAvailable: 'Insufficient Gems: the amount is more than your available gems.',
  requestFailed: 'Withdrawal request failed',
  unknownMethod: 'This withdrawal method is not available',
  belowMethodMinimum: 'The amount is below the minimum of this method',
  demoAccount: 'Demo accounts cannot withdraw: demo gems have no cash value. Sign up for a real account to withdraw.',
  notEnoughUsd: 'Insufficient USD: the amount is more than your available USD.',
  usdBelowMinimum: (minimum: number) => `The minimum USD withdrawal is $${minimum.toFixed(2)}`,
  usdWholeCents: 'A USD withdrawal is in whole cents (at most 2 decimals)',
  preferenceSaveFailed: 'Failed to save payment preference',
  preferenceNotFound: 'Payment method not found',
  deleteConfirm: 'Are you sure you want to delete this payment method?',
});

export const WithdrawalMethodSchema = z.object({
  method_name: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
  processing_time: z.string(),
  /** Gems. */
  min_amount: z.number(),
  fee_percentage: z.number(),
  required_fields: z.array(z.enum(PAYMENT_DETAIL_FIELDS)),
});
export type WithdrawalMethod = z.infer<typeof WithdrawalMethodSchema>;
export const WithdrawalMethodsResponseSchema = z.array(WithdrawalMethodSchema);

export const WithdrawalRequestSchema = z.object({
  amount: amountField({ label: 'Amount', currency: 'gems', min: 0, max: WITHDRAWAL_LIMITS.maxGems }),
  payment_method: z
    .string({ error: 'Please choose a withdrawal method' })
    .trim()
    .min(1, 'Please choose a withdrawal method')
    .max(64),
  /** Checked per method with `validatePaymentDetails`. */
  payment_details: z.record(z.string(), z.unknown(), { error: 'Payment details must be an object' }),
  /** gems (default) or usd: the same hold → payout → commit/release lifecycle, each with its own minimum and fee. */
  currency_type: z.enum(WITHDRAWAL_CURRENCIES, { error: 'currency_type must be gems or usd' }).default('gems'),
});
export type WithdrawalRequestBody = z.input<typeof WithdrawalRequestSchema>;

export const WITHDRAWAL_STATUSES = ['pending', 'processed', 'failed'] as const;
export const WithdrawalSchema = z.object({
  id: z.string(),
  /** Held and then spent, in `currency_type`. */
  amount: z.number(),
  fee: z.number(),
  fee_percentage: z.number(),
  net_amount: z.number(),
  currency_type: z.enum(WITHDRAWAL_CURRENCIES),
  payment_method: z.string(),
  /** Masked. */
  payment_details: z.record(z.string(), z.string()),
  status: z.enum(WITHDRAWAL_STATUSES),
  failure_reason: z.string().nullable(),
  payout_reference: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  withdrawal: WithdrawalSchema,
});
export const WithdrawalsResponseSchema = z.object({ withdrawals: z.array(WithdrawalSchema) });

export const PaymentPreferenceSchema = z.object({
  id: z.string(),
  payment_method: z.string(),
  /** Masked: the last characters only (e-mail: first letter and domain; network and country in full). */
  preference_data: z.record(z.string(), z.string()),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PaymentPreference = z.infer<typeof PaymentPreferenceSchema>;
export const PaymentPreferencesResponseSchema = z.array(PaymentPreferenceSchema);
export const CreatePaymentPreferenceRequestSchema = z.object({
  payment_method: z
    .string({ error: 'Please choose a payment method' })
    .trim()
    .min(1, 'Please choose a payment method')
    .max(64),
  preference_data: z.record(z.string(), z.unknown(), { error: 'Payment details must be an object' }),
  is_default: z.boolean().optional(),
});
export const PaymentPreferenceIdParamsSchema = z.object({ id: z.uuid('Payment method not found') });
