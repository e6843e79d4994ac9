import { z } from 'zod';
import { CURRENCIES, CurrencySchema, amountField } from './currency';

/**
 * HTTP contracts of the ledger. Currency names are lower case in answers (`points`, `keys`, `gems`, `gold`, `usd`,
 * `moves`); requests accept any case (`USD`, `Gems`) because the spec's screens send both spellings. Amounts in
 * answers are JSON numbers holding the exact decimal at the currency's scale (see `currency.ts`).
 */
const caseInsensitiveCurrency = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  CurrencySchema,
);

export const ConvertCurrencyRequestSchema = z.object({
  from_currency: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['points', 'gems'], { message: 'from_currency must be points or gems' }),
  ),
  to_currency: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.literal('keys', { message: 'to_currency must be keys' }),
  ),
  /**
   * Whole keys to receive: a number or decimal string, 1 to 1,000,000 (far above the daily 3 keys from points; gems
   * convert without a daily limit). Parsed exactly (`amountField`), never through a float.
   */
  amount: amountField({ label: 'amount', currency: 'keys', min: 1, max: 1_000_000 }),
});
export type ConvertCurrencyRequest = z.infer<typeof ConvertCurrencyRequestSchema>;

export const ConvertCurrencyResponseSchema = z.object({
  success: z.literal(true),
  transaction_id: z.string(),
  from_currency: CurrencySchema,
  to_currency: CurrencySchema,
  amount_spent: z.number(),
  keys_received: z.number(),
  keys_converted_from_points_today: z.number(),
  daily_points_conversion_limit: z.number(),
  balances: z.record(z.string(), z.number()),
});
export type ConvertCurrencyResponse = z.infer<typeof ConvertCurrencyResponseSchema>;

export const WalletSchema = z.object({
  currency_type: CurrencySchema,
  balance: z.number(),
  available_balance: z.number(),
  held_balance: z.number(),
});
export const WalletsResponseSchema = z.array(WalletSchema);
export type WalletResponse = z.infer<typeof WalletSchema>;

export const TransactionStatusSchema = z.enum(['completed', 'pending', 'reversed', 'released', 'expired', 'captured']);

export const TransactionSchema = z.object({
  /** Unique per row: `<transaction id>:<currency>` (a conversion shows as two rows) or a hold id. */
  id: z.string(),
  transaction_id: z.string(),
  transaction_type: z.string(),
  description: z.string(),
  /** Signed: negative when money left the user. */
  amount: z.number(),
  currency_type: CurrencySchema,
  status: TransactionStatusSchema,
  created_at: z.string(),
});
export type TransactionResponse = z.infer<typeof TransactionSchema>;

export const TransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  currency: caseInsensitiveCurrency.optional(),
  /** A `transaction_type` as rows show it (`withdrawal`, `gem_purchase`, `task_payment`, ...). */
  type: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z_]{1,40}$/, 'type must be a transaction type such as withdrawal')
    .optional(),
});
export const TransactionsResponseSchema = z.object({
  transactions: z.array(TransactionSchema),
  limit: z.number(),
  offset: z.number(),
  /** Rows matching the filter, for the pager. */
  total: z.number(),
});

/** The wallet chart: balances at the end of each UTC day, folded from the user's stream (not a projection). */
export const BalanceHistoryQuerySchema = z.object({
  days: z.coerce
    .number()
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(366, 'days must be at most 366')
    .default(30),
});
export const BalanceHistoryResponseSchema = z.object({
  days: z.number(),
  /** Oldest first; the last point is now. Total balances (held included) per currency. */
  points: z.array(
    z.object({
      date: z.string(),
      points: z.number(),
      keys: z.number(),
      gems: z.number(),
      gold: z.number(),
      usd: z.number(),
      moves: z.number(),
    }),
  ),
});
export type BalanceHistoryResponse = z.infer<typeof BalanceHistoryResponseSchema>;

export const BalanceAtQuerySchema = z.object({
  at: z.string().datetime({ offset: true, message: 'at must be an ISO 8601 timestamp' }),
});
export const BalanceAtResponseSchema = z.object({
  as_of: z.string(),
  stream_version: z.number(),
  wallets: WalletsResponseSchema,
});

/** The ledger's part of `GET /api/users/me`. */
export const UserBalancesSchema = z.object({
  points_balance: z.number(),
  keys_balance: z.number(),
  gems_balance: z.number(),
  gold_collected: z.number(),
  usd_balance: z.number(),
  moves_balance: z.number(),
  move_balance: z.number(),
});
export type UserBalances = z.infer<typeof UserBalancesSchema>;

/**
 * The rest of `GET /api/users/me` that spec 2 §3 names: the activity streak and USD earned (from the user's own
 * ledger stream: a day counts when anything but an opening grant, a demo top-up, a reversal or an adjustment moved
 * on their account), the Master Key's last activation (rewards), the admin-verified follower count (rewards), and
 * level and XP (progress). A context the application does not run leaves its fields at their empty value.
 */
export const UserMeExtrasSchema = z.object({
  points_streak_days: z.number().int(),
  total_earnings_usd: z.number(),
  master_key_activated_at: z.string().nullable(),
  follower_count: z.number().int(),
  /** Accounts this user follows: not known (the app has no follow action, spec 2 lists none), so null. */
  following_count: z.number().int().nullable(),
  /**
   * PromoGems (spec 3's 'Start Staking PromoGems'): the user's gems staked in growth channels, stake plus rewards
   * accrued into the positions not yet withdrawn (at the gems scale). Not spendable: `gems_balance` excludes them.
   */
  promogem_balance: z.number(),
  /** The last UTC day (`YYYY-MM-DD`) on which the user's own ledger moved value for something they did, or null. */
  last_activity_date: z.string().nullable(),
  /** The advertiser's brand profile (spec 3 §3); null for users without one. */
  brand_name: z.string().nullable(),
  brand_description: z.string().nullable(),
  brand_website: z.string().nullable(),
  brand_email: z.string().nullable(),
  brand_phone: z.string().nullable(),
  brand_logo_url: z.string().nullable(),
  level: z.number().int().optional(),
  xp_points: z.number().int().optional(),
});
export type UserMeExtras = z.infer<typeof UserMeExtrasSchema>;

export const LedgerExportQuerySchema = z.object({
  format: z.enum(['ndjson', 'csv']).default('ndjson'),
  user_id: z.string().optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});

export const RebuildProjectionRequestSchema = z.object({
  projection: z.string().min(1),
});

/**
 * One thing that does not hold; `stream_id` is the stream it was found in (null for a whole-ledger check such as a
 * sum).
 */
export const VerifyFindingSchema = z.object({
  check: z.string(),
  message: z.string(),
  stream_id: z.string().nullable(),
});
export const VerifyReportSchema = z.object({
  ok: z.boolean(),
  events_checked: z.number(),
  streams_checked: z.number(),
  transactions_checked: z.number(),
  currencies: z.record(z.string(), z.object({ user_total: z.string(), system_total: z.string(), sum: z.string() })),
  /**
   * Every credit out of `system:issuance` since the first event, per reason and currency (decimal strings):
   * where new money came from. `documented: false` rows are also findings (`issuance`).
   */
  issuance: z.array(
    z.object({
      reason_code: z.string(),
      currency: z.string(),
      total: z.string(),
      credits: z.number(),
      largest: z.string(),
      documented: z.boolean(),
    }),
  ),
  findings: z.array(VerifyFindingSchema),
});
export type VerifyReport = z.infer<typeof VerifyReportSchema>;
export type VerifyFinding = z.infer<typeof VerifyFindingSchema>;

/**
 * A verification started from the console: its progress while it reads the log (events checked of the log's head
 * position when it started, which is about the number of events) and its report once completed.
 */
export const VerifyRunSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  events_checked: z.number(),
  events_total: z.number(),
  streams_checked: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  report: VerifyReportSchema.nullable(),
});
export type VerifyRun = z.infer<typeof VerifyRunSchema>;
export const VerifyRunParamsSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'id must be a verification run number'),
});

/** One stream's events for the console's stream view (the stream a finding names). */
export const StreamEventsQuerySchema = z.object({
  from_version: z.coerce
    .number()
    .int('from_version must be a whole number')
    .min(1, 'from_version must be at least 1')
    .default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(100),
});
export const StreamEventsParamsSchema = z.object({ streamId: z.string().min(1).max(300) });
export const StreamEventsResponseSchema = z.object({
  stream_id: z.string(),
  events: z.array(
    z.object({
      version: z.number(),
      type: z.string(),
      position: z.string(),
      recorded_at: z.string(),
      hash: z.string(),
      data: z.unknown(),
    }),
  ),
  /** The version to ask for next, or null at the stream's end. */
  next_from_version: z.number().nullable(),
});
export type StreamEvents = z.infer<typeof StreamEventsResponseSchema>;

const issuanceInstant = (name: string) =>
  z.string().datetime({ offset: true, message: `${name} must be an ISO 8601 time, e.g. 2026-11-01T00:00:00Z` });
/** At most a year at a time: the report reads the whole log. */
export const ISSUANCE_REPORT_MAX_DAYS = 366;
export const IssuanceReportQuerySchema = z.object({
  /** Inclusive; default 30 days before `to`. */
  from: issuanceInstant('from').optional(),
  /** Exclusive; default now. */
  to: issuanceInstant('to').optional(),
  /** Top receivers per currency. */
  top: z.coerce
    .number()
    .int('top must be a whole number')
    .min(1, 'top must be at least 1')
    .max(100, 'top must be at most 100')
    .default(10),
});
/** The query as the server uses it: defaults filled in, the range checked. */
export const IssuanceReportRangeSchema = IssuanceReportQuerySchema.transform((query, context) => {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * 86_400_000);
  if (from.getTime() >= to.getTime())
    context.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
  else if (to.getTime() - from.getTime() > ISSUANCE_REPORT_MAX_DAYS * 86_400_000) {
    context.addIssue({
      code: 'custom',
      path: ['from'],
      message: `from and to must be at most ${ISSUANCE_REPORT_MAX_DAYS} days apart`,
    });
  }
  return { from, to, top: query.top };
});

export const IssuanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per reason and currency over the range; `largest` is the largest single credit (compare with the reason's cap). */
  totals: z.array(
    z.object({
      reason_code: z.string(),
      currency: CurrencySchema,
      amount: z.number(),
      credits: z.number(),
      largest: z.number(),
      documented: z.boolean(),
    }),
  ),
  /** Per UTC day (of the commit), reason and currency. */
  days: z.array(
    z.object({
      day: z.string(),
      reason_code: z.string(),
      currency: CurrencySchema,
      amount: z.number(),
      credits: z.number(),
    }),
  ),
  /** The accounts that received the most newly issued money, per currency, largest first. */
  top_receivers: z.array(
    z.object({
      account_id: z.string(),
      user_id: z.string().nullable(),
      currency: CurrencySchema,
      amount: z.number(),
      credits: z.number(),
    }),
  ),
});
export type IssuanceReport = z.infer<typeof IssuanceReportSchema>;

export const CONVERSION_RATES = Object.freeze({
  /** Points for one key. */
  pointsPerKey: 500,
  /** Gems for one key. */
  gemsPerKey: 2,
  /** Keys a user may obtain from points per UTC day. */
  dailyKeysFromPointsLimit: 3,
});

export const ALL_CURRENCIES = CURRENCIES;
