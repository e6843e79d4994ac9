import { z } from 'zod';
import { DemoPersonaSchema, type DemoPersona } from '../identity/users';
import { CurrencySchema, MinorAmountStringSchema } from './currency';

/**
 * Ledger event payloads as stored (amounts are strings of minor units). The API parses every payload it reads back
 * with these schemas before folding it.
 *
 * Account ids: `user:<userId>` for a user's account (one per currency, the currency is on the posting);
 * `system:<name>` for system accounts (issuance, burn, fees, conversion, withdrawals, ...);
 * `escrow:<owner kind>:<owner id>` for escrows owned by a drop, content item, forecast, campaign or withdrawal.
 * Only `user:` accounts are forbidden to go below zero.
 */
export const AccountIdSchema = z
  .string()
  .regex(/^(user:[A-Za-z0-9_-]+|system:[a-z_]+|escrow:[a-z_]+:[A-Za-z0-9_-]+)$/, 'a ledger account id');

/** Money leaves the debit account and arrives in the credit account (user balances are liabilities). */
export const PostingSchema = z.object({
  debitAccount: AccountIdSchema,
  creditAccount: AccountIdSchema,
  currency: CurrencySchema,
  amountMinor: MinorAmountStringSchema,
});
export type PostingPayload = z.infer<typeof PostingSchema>;

export const REASON_CODES = [
  'ACCOUNT_OPENING',
  'DEMO_FUNDING',
  'CONVERSION',
  'TRANSFER',
  'HOLD_CAPTURE',
  'REVERSAL',
  'DROP_APPLICATION',
  'DROP_REWARD',
  'DROP_POOL_ESCROW',
  'TIP',
  'CONTENT_FUNDING',
  'SHARE_PURCHASE',
  'RESALE_FEE',
  'SPONSORSHIP',
  'WITHDRAWAL',
  'CAMPAIGN_SPEND',
  'SOCIAL_ACTION_REWARD',
  'ENGAGEMENT_REWARD',
  'REFERRAL_BONUS',
  'TIER_UPGRADE',
  'GOLD_PURCHASE',
  'ACHIEVEMENT_REWARD',
  'STAKE',
  'STAKING_REWARD',
  'PREDICTION',
  'GEM_PURCHASE',
  'USD_TOP_UP',
  'FUNDING_PLEDGE',
  'FUNDING_SETTLEMENT',
  'SHIELD_PREMIUM',
  'SHIELD_PAYOUT',
  'ADJUSTMENT',
  'SHARE_OFFER',
  'FORECAST_PAYOUT',
  'MOVES_ALLOWANCE',
  'MOVES_PURCHASE',
] as const;
export const ReasonCodeSchema = z.enum(REASON_CODES);
export type ReasonCode = (typeof REASON_CODES)[number];

export const ConversionDetailsSchema = z.object({
  fromCurrency: CurrencySchema,
  toCurrency: CurrencySchema,
  keys: MinorAmountStringSchema,
  utcDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const LedgerTransactionPostedSchema = z.object({
  transactionId: z.string().min(1),
  reasonCode: ReasonCodeSchema,
  description: z.string(),
  postings: z.array(PostingSchema).min(1),
  occurredAt: z.string(),
  /** Every user stream the transaction touches records an identical copy; copy 0 also carries the system legs. */
  copyIndex: z.number().int().min(0),
  copyCount: z.number().int().min(1),
  reversesTransactionId: z.string().optional(),
  holdId: z.string().optional(),
  conversion: ConversionDetailsSchema.optional(),
  /** Free-form references for other modules (drop id, content id, ...). */
  references: z.record(z.string(), z.string()).optional(),
});
export type LedgerTransactionPostedPayload = z.infer<typeof LedgerTransactionPostedSchema>;

/**
 * `sandbox: true` marks a demo login's account: recorded once, when the stream is opened, and never changed, so the
 * decider knows from the stream itself that no value may move between it and a real user's account.
 */
export const LedgerAccountOpenedSchema = z.object({
  userId: z.string().min(1),
  openedAt: z.string(),
  sandbox: z.boolean().optional(),
});

/** A demo sandbox expired after inactivity: its stream is closed (events are kept; nothing more is appended). */
export const LedgerSandboxArchivedSchema = z.object({
  userId: z.string().min(1),
  archivedAt: z.string(),
  reason: z.literal('inactive'),
});

export const LedgerHoldPlacedSchema = z.object({
  holdId: z.string().min(1),
  userId: z.string().min(1),
  currency: CurrencySchema,
  amountMinor: MinorAmountStringSchema,
  expiresAt: z.string(),
  reasonCode: ReasonCodeSchema,
  description: z.string(),
  placedAt: z.string(),
});

export const LedgerHoldCapturedSchema = z.object({
  holdId: z.string().min(1),
  userId: z.string().min(1),
  currency: CurrencySchema,
  capturedMinor: MinorAmountStringSchema,
  releasedMinor: MinorAmountStringSchema,
  transactionId: z.string().min(1),
  capturedAt: z.string(),
});

export const LedgerHoldReleasedSchema = z.object({
  holdId: z.string().min(1),
  userId: z.string().min(1),
  currency: CurrencySchema,
  /** The whole amount the hold reserved, no longer held. */
  amountMinor: MinorAmountStringSchema,
  reason: z.enum(['released', 'expired']),
  releasedAt: z.string(),
});

/** The personas are identity's; the ledger only funds them. */
export type { DemoPersona };

export const LedgerDemoPersonaFundedSchema = z.object({
  userId: z.string().min(1),
  persona: DemoPersonaSchema,
  utcDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  transactionId: z.string().nullable(),
});

export const LEDGER_EVENT_SCHEMAS = {
  LedgerAccountOpened: LedgerAccountOpenedSchema,
  LedgerTransactionPosted: LedgerTransactionPostedSchema,
  LedgerHoldPlaced: LedgerHoldPlacedSchema,
  LedgerHoldCaptured: LedgerHoldCapturedSchema,
  LedgerHoldReleased: LedgerHoldReleasedSchema,
  LedgerDemoPersonaFunded: LedgerDemoPersonaFundedSchema,
  LedgerSandboxArchived: LedgerSandboxArchivedSchema,
} as const;
export type LedgerEventType = keyof typeof LEDGER_EVENT_SCHEMAS;
export const LEDGER_EVENT_TYPES = Object.keys(LEDGER_EVENT_SCHEMAS) as LedgerEventType[];
