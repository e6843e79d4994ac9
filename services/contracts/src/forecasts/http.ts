import { z } from 'zod';
import { amountField } from '../ledger/currency';

/**
 * Social forecasts and predictions (spec 2 §3, §5, §7, §9; issue 22). A forecast is a line on one social metric of
 * one content item (`target_value` of views, likes, shares or comments by `expires_at`) at fixed odds; people stake
 * USD on `over` or `under`. Money is USD: requests name amounts as numbers or decimal strings parsed exactly
 * (`amountField`, 4 decimals at most); answers carry JSON numbers, exact at $0.0001 (as `@app/contracts/market`).
 *
 * Statuses use the spec's words: a forecast is `active` (takes predictions until `expires_at`), `expired` (past
 * `expires_at`, waiting for its observation) or `resolved` (settled: payouts made). A prediction is `active` or
 * `settled`, with `result` `pending`, `won` or `lost` (won = actual_payout above 0, spec 2 §4).
 */

export const FORECAST_TYPES = ['views', 'likes', 'shares', 'comments'] as const;
export type ForecastType = (typeof FORECAST_TYPES)[number];
export const FORECAST_SIDES = ['over', 'under'] as const;
export type ForecastSide = (typeof FORECAST_SIDES)[number];
export const FORECAST_STATUSES = ['active', 'expired', 'resolved'] as const;
export type ForecastStatus = (typeof FORECAST_STATUSES)[number];
export const PREDICTION_STATUSES = ['active', 'settled'] as const;
export const PREDICTION_RESULTS = ['pending', 'won', 'lost'] as const;
export type PredictionResult = (typeof PREDICTION_RESULTS)[number];

/** The odds a forecast may offer (spec 2 §5, §9), default 2. Payout owed to a winner = stake × odds. */
export const FORECAST_ODDS = [1.5, 2, 2.5, 3, 4, 5] as const;
export const DEFAULT_FORECAST_ODDS = 2;
/** Smallest stake, in USD (spec 2 §5: prediction and initial stake at least $1). */
export const MIN_FORECAST_STAKE_USD = 1;
/** Largest stake accepted by the schema (the balance check refuses anything above the wallet's USD first). */
export const MAX_FORECAST_STAKE_USD = 1_000_000;
/** Prediction amount presets of the Make Your Prediction modal (spec 2 §5). */
export const PREDICTION_PRESETS_USD = [5, 10, 25, 50] as const;
/** The content picker of the Create Forecast modal lists this many content items (spec 2 §5). */
export const FORECAST_CONTENT_PICKER_SIZE = 20;

export const FORECAST_MESSAGES = {
  forecastNotFound: 'Forecast not found',
  predictionNotFound: 'Prediction not found.',
  contentNotFound: 'Content not found',
  expired: 'This forecast has expired and no longer takes predictions',
  notActive: 'This forecast no longer takes predictions',
  expiresInPast: 'Expiry must be in the future',
  insufficient: 'Insufficient USD balance',
  odds: 'Odds must be one of 1.5, 2, 2.5, 3, 4 or 5',
  notExpiredYet: 'This forecast has not expired yet',
  alreadyResolved: 'This forecast is already resolved',
  observationOnPlatform: 'This forecast follows content on this platform: its metric is read automatically',
  placeFailed: 'Failed to place prediction',
  createFailed: 'Failed to create forecast',
} as const;

const stakeField = (label: string) =>
  amountField({ label, currency: 'usd', min: MIN_FORECAST_STAKE_USD, max: MAX_FORECAST_STAKE_USD });

const oddsField = z
  .union([z.number(), z.string()], { error: FORECAST_MESSAGES.odds })
  .transform((value, context) => {
    const odds = typeof value === 'number' ? value : Number(value.trim());
    if (!FORECAST_ODDS.includes(odds as (typeof FORECAST_ODDS)[number])) {
      context.addIssue({ code: 'custom', message: FORECAST_MESSAGES.odds });
      return z.NEVER;
    }
    return odds as (typeof FORECAST_ODDS)[number];
  })
  .meta({ description: 'One of 1.5, 2, 2.5, 3, 4, 5 (default 2)' });

export const CreateForecastRequestSchema = z.object({
  content_id: z.string().min(1).max(100).nullable().optional(),
  platform: z.string().max(40).nullable().optional(),
  content_url: z
    .string({ error: 'Content URL is required' })
    .trim()
    .min(1, 'Content URL is required')
    .max(2000, 'Content URL must be at most 2,000 characters'),
  forecast_type: z.enum(FORECAST_TYPES, { error: 'Forecast type must be views, likes, shares or comments' }),
  target_value: z
    .number({ error: 'Target must be a whole number' })
    .int('Target must be a whole number')
    .min(1, 'Target must be at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'Target is too large'),
  odds: oddsField.default(DEFAULT_FORECAST_ODDS),
  /** ISO date-time; must be in the future (checked again by the server's clock when deciding). */
  expires_at: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }),
  initial_amount: stakeField('Initial stake'),
  initial_side: z.enum(FORECAST_SIDES, { error: 'Side must be over or under' }),
});
export type CreateForecastRequest = z.input<typeof CreateForecastRequestSchema>;
export type CreateForecastCommandInput = z.output<typeof CreateForecastRequestSchema>;

export const PredictRequestSchema = z.object({
  prediction_amount: stakeField('Prediction amount'),
  prediction_side: z.enum(FORECAST_SIDES, { error: 'Side must be over or under' }),
});
export type PredictRequest = z.input<typeof PredictRequestSchema>;

export const ForecastsQuerySchema = z.object({
  status: z.enum(FORECAST_STATUSES).optional(),
  content_id: z.string().max(100).optional(),
});

/** Admin/oracle: the observed metric of a forecast on an external URL. */
export const RecordObservationRequestSchema = z.object({
  value: z
    .number({ error: 'Value must be a whole number' })
    .int('Value must be a whole number')
    .min(0, 'Value must not be negative')
    .max(Number.MAX_SAFE_INTEGER),
  /** When the value was read; defaults to now, never in the future. */
  observed_at: z.iso.datetime({ offset: true }).optional(),
});
export type RecordObservationRequest = z.infer<typeof RecordObservationRequestSchema>;

export const SocialForecastSchema = z.object({
  id: z.string(),
  content_id: z.string().nullable(),
  platform: z.string().nullable(),
  content_url: z.string(),
  content_title: z.string().nullable(),
  content_platform: z.string().nullable(),
  forecast_type: z.enum(FORECAST_TYPES),
  target_value: z.number().int(),
  /** The latest real observation of the metric, null before the first one. */
  current_value: z.number().nullable(),
  odds: z.number(),
  expires_at: z.string(),
  status: z.enum(FORECAST_STATUSES),
  /** USD staked by everyone (the creator included). */
  pool_size: z.number(),
  creator_id: z.string(),
  creator_name: z.string().nullable(),
  creator_avatar: z.string().nullable(),
  creator_side: z.enum(FORECAST_SIDES),
  creator_initial_amount: z.number(),
  total_over_amount: z.number(),
  total_under_amount: z.number(),
  over_count: z.number().int(),
  under_count: z.number().int(),
  participant_count: z.number().int(),
  /** Set once resolved: the value settled on and the side that won (`over` when value ≥ target). */
  resolved_value: z.number().nullable(),
  winning_side: z.enum(FORECAST_SIDES).nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type SocialForecast = z.infer<typeof SocialForecastSchema>;
export const SocialForecastsResponseSchema = z.object({ forecasts: z.array(SocialForecastSchema) });
export type SocialForecastsResponse = z.infer<typeof SocialForecastsResponseSchema>;

/**
 * One stake on a forecast, with the fields of spec 2's user prediction and portfolio prediction both (one shape for
 * `/api/users/forecasts`, `/api/portfolio/predictions` and the predict answer). `amount` = `prediction_amount`.
 */
export const PredictionSchema = z.object({
  id: z.string(),
  forecast_id: z.string(),
  content_id: z.string().nullable(),
  content_title: z.string().nullable(),
  content_url: z.string(),
  platform: z.string().nullable(),
  forecast_type: z.enum(FORECAST_TYPES),
  target_value: z.number().int(),
  odds: z.number(),
  forecast_status: z.enum(FORECAST_STATUSES),
  prediction_side: z.enum(FORECAST_SIDES),
  prediction_amount: z.number(),
  amount: z.number(),
  current_value: z.number().nullable(),
  /** stake × odds (what a winner is owed; paid in full unless the pool is short, then pro-rata). */
  potential_payout: z.number(),
  /** Paid at settlement; null until resolved (0 for a lost prediction). */
  actual_payout: z.number().nullable(),
  status: z.enum(PREDICTION_STATUSES),
  result: z.enum(PREDICTION_RESULTS),
  /** The creator's initial stake is a prediction too. */
  is_creator_stake: z.boolean(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Prediction = z.infer<typeof PredictionSchema>;
export const PredictionsResponseSchema = z.object({ predictions: z.array(PredictionSchema) });
export type PredictionsResponse = z.infer<typeof PredictionsResponseSchema>;

export const PortfolioPredictionsQuerySchema = z.object({ userId: z.string().max(100).optional() });

export const TrajectoryPointSchema = z.object({
  date: z.string(),
  /** A real observation of the metric at `date`. */
  actual: z.number().nullable(),
  /** The straight line from the first observation (or 0 at creation) to the target at expiry. */
  expected: z.number(),
});
export const ParticipantSchema = z.object({
  username: z.string(),
  side: z.enum(FORECAST_SIDES),
  amount: z.number(),
  status: z.enum(PREDICTION_STATUSES),
  result: z.enum(PREDICTION_RESULTS),
});

export const PredictionDetailSchema = z.object({
  prediction: PredictionSchema,
  forecast: SocialForecastSchema.extend({
    metric: z.enum(FORECAST_TYPES),
    target: z.number().int(),
    /** The creator's line: the target on the creator's side. */
    creator_projection: z.number().nullable(),
  }),
  trajectory: z.array(TrajectoryPointSchema),
  participants: z.array(ParticipantSchema),
});
export type PredictionDetail = z.infer<typeof PredictionDetailSchema>;
