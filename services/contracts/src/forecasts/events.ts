import { z } from 'zod';
import { FORECAST_SIDES, FORECAST_TYPES } from './http';

/**
 * Forecast event payloads as stored. Streams: `forecast-<id>` (terms, stakes, observations, resolution and
 * settlement) and `forecast-<id>-payouts-<batch>` (one payout batch, created once). Amounts are USD minor units
 * ($0.0001) as decimal strings (jsonb cannot hold a bigint), as the ledger stores them.
 */
const minor = z.string().regex(/^\d+$/);
const side = z.enum(FORECAST_SIDES);

export const OBSERVATION_SOURCES = ['platform', 'oracle'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

export const ForecastCreatedSchema = z.object({
  forecastId: z.string(),
  creatorId: z.string(),
  /** The creator is a demo sandbox: only sandboxes may stake on it (an escrow never mixes both kinds). */
  sandbox: z.boolean(),
  contentId: z.string().nullable(),
  contentUrl: z.string(),
  platform: z.string().nullable(),
  contentTitle: z.string().nullable(),
  /** Content on this platform: observed by the job from its real metrics; otherwise by the oracle endpoint. */
  onPlatform: z.boolean(),
  forecastType: z.enum(FORECAST_TYPES),
  targetValue: z.number(),
  oddsTenths: z.number().int(),
  expiresAt: z.string(),
  at: z.string(),
});
export const PredictionPlacedSchema = z.object({
  predictionId: z.string(),
  userId: z.string(),
  side,
  amountMinor: minor,
  isCreator: z.boolean(),
  transactionId: z.string(),
  at: z.string(),
});
export const ObservationRecordedSchema = z.object({
  value: z.number(),
  observedAt: z.string(),
  source: z.enum(OBSERVATION_SOURCES),
  recordedBy: z.string().nullable(),
  at: z.string(),
});
export const ForecastResolvedSchema = z.object({
  value: z.number(),
  observedAt: z.string(),
  winningSide: side,
  poolMinor: minor,
  owedMinor: minor,
  paidMinor: minor,
  remainderMinor: minor,
  proRata: z.boolean(),
  batchCount: z.number().int(),
  at: z.string(),
});
export const PayoutBatchPaidSchema = z.object({
  batchIndex: z.number().int(),
  transactionId: z.string(),
  userCount: z.number().int(),
  paidMinor: minor,
  /** Payouts the ledger refused (an archived demo sandbox), left in the escrow. */
  unpaid: z.array(z.object({ userId: z.string(), amountMinor: minor })).optional(),
  at: z.string(),
});
export const ForecastSettledSchema = z.object({
  remainderMinor: minor,
  transactionId: z.string().nullable(),
  at: z.string(),
});

export const FORECAST_EVENT_SCHEMAS = {
  ForecastCreated: ForecastCreatedSchema,
  PredictionPlaced: PredictionPlacedSchema,
  ObservationRecorded: ObservationRecordedSchema,
  ForecastResolved: ForecastResolvedSchema,
  PayoutBatchPaid: PayoutBatchPaidSchema,
  ForecastSettled: ForecastSettledSchema,
} as const;
export type ForecastEventType = keyof typeof FORECAST_EVENT_SCHEMAS;
export type ForecastEvent = {
  [Type in ForecastEventType]: { type: Type; data: z.infer<(typeof FORECAST_EVENT_SCHEMAS)[Type]> };
}[ForecastEventType];
