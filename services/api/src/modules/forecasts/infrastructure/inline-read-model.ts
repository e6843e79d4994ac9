import type { TransactionHandle } from '@app/event-store';
import { rowsDocument, rowsTable } from '../../../platform/database/upsert-rows';
import type { ForecastEvent, ForecastState } from '../domain/forecast';

type EventData<T extends ForecastEvent['type']> = Extract<ForecastEvent, { type: T }>['data'];

const INSERT_FORECAST = `INSERT INTO forecasts
             (forecast_id, creator_id, sandbox, content_id, content_url, platform, content_title, on_platform,
              forecast_type, target_value, odds_tenths, expires_at, creator_side, creator_amount_minor, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`;
const INSERT_PREDICTION = `INSERT INTO forecast_predictions
             (prediction_id, forecast_id, user_id, side, amount_minor, is_creator, seq, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;
const ADD_OVER_STAKE = `UPDATE forecasts SET over_minor = over_minor + $2, over_count = over_count + 1
           WHERE forecast_id = $1`;
const ADD_UNDER_STAKE = `UPDATE forecasts SET under_minor = under_minor + $2, under_count = under_count + 1
           WHERE forecast_id = $1`;
const INSERT_OBSERVATION = `INSERT INTO forecast_observations (forecast_id, observed_at, value, source, recorded_at)
           VALUES ($1, $2, $3, $4, $5)`;
// The latest observation by time is the current value (an oracle may record an older reading later).
const SET_CURRENT_VALUE = `UPDATE forecasts SET current_value = $2, observed_at = $3
           WHERE forecast_id = $1 AND (observed_at IS NULL OR observed_at <= $3)`;
const SET_RESOLUTION = `UPDATE forecasts SET resolved_value = $2, winning_side = $3, resolved_at = $4
           WHERE forecast_id = $1`;
// One statement for every prediction of the forecast (10,000 of them must settle in seconds).
const SET_PLANNED_PAYOUTS = `UPDATE forecast_predictions p
              SET payout_minor = u.payout, result = CASE WHEN u.payout > 0 THEN 'won' ELSE 'lost' END
             FROM ${rowsTable(2, { prediction_id: 'text', payout: 'bigint' })} AS u
            WHERE p.forecast_id = $1 AND p.prediction_id = u.prediction_id`;
const INSERT_PAYOUT_BATCH = `INSERT INTO forecast_payout_batches
             (forecast_id, batch_index, user_count, paid_minor, unpaid, paid_at)
           VALUES ($1, $2, $3, $4, $5, $6)`;
const SET_SETTLED = `UPDATE forecasts SET settled_at = $2 WHERE forecast_id = $1`;

/**
 * Writes the forecasts' inline read models for events about to be appended, in the same transaction. `after` is
 * the forecast's state with those events applied (a resolution writes every prediction's planned payout from it).
 */
export async function applyForecastEvents(
  transaction: TransactionHandle,
  forecastId: string,
  events: readonly ForecastEvent[],
  after: ForecastState,
  seqStart: number,
): Promise<void> {
  let seq = seqStart;
  for (const event of events) {
    switch (event.type) {
      case 'ForecastCreated':
        await insertForecast(transaction, forecastId, event.data, events);
        break;
      case 'PredictionPlaced':
        await insertPrediction(transaction, forecastId, event.data, seq);
        seq += 1;
        break;
      case 'ObservationRecorded':
        await transaction.query(INSERT_OBSERVATION, [
          forecastId,
          event.data.observedAt,
          event.data.value,
          event.data.source,
          event.data.at,
        ]);
        await transaction.query(SET_CURRENT_VALUE, [forecastId, event.data.value, event.data.observedAt]);
        break;
      case 'ForecastResolved':
        await resolveForecast(transaction, forecastId, event.data, after);
        break;
      case 'PayoutBatchPaid':
        await transaction.query(INSERT_PAYOUT_BATCH, [
          forecastId,
          event.data.batchIndex,
          event.data.userCount,
          event.data.paidMinor,
          JSON.stringify(event.data.unpaid ?? []),
          event.data.at,
        ]);
        break;
      case 'ForecastSettled':
        await transaction.query(SET_SETTLED, [forecastId, event.data.at]);
        break;
    }
  }
}

/** The forecast's row, with the creator's own stake when the same events place it. */
async function insertForecast(
  transaction: TransactionHandle,
  forecastId: string,
  d: EventData<'ForecastCreated'>,
  events: readonly ForecastEvent[],
): Promise<void> {
  const creatorStake = events.find((other) => other.type === 'PredictionPlaced' && other.data.isCreator);
  const stake = creatorStake?.type === 'PredictionPlaced' ? creatorStake.data : null;
  await transaction.query(INSERT_FORECAST, [
    forecastId,
    d.creatorId,
    d.sandbox,
    d.contentId,
    d.contentUrl,
    d.platform,
    d.contentTitle,
    d.onPlatform,
    d.forecastType,
    d.targetValue,
    d.oddsTenths,
    d.expiresAt,
    stake?.side ?? 'over',
    stake?.amountMinor ?? '0',
    d.at,
  ]);
}

/** The prediction's row (numbered `seq` in the forecast), added to its side's totals. */
async function insertPrediction(
  transaction: TransactionHandle,
  forecastId: string,
  d: EventData<'PredictionPlaced'>,
  seq: number,
): Promise<void> {
  await transaction.query(INSERT_PREDICTION, [
    d.predictionId,
    forecastId,
    d.userId,
    d.side,
    d.amountMinor,
    d.isCreator,
    seq,
    d.at,
  ]);
  await transaction.query(d.side === 'over' ? ADD_OVER_STAKE : ADD_UNDER_STAKE, [forecastId, d.amountMinor]);
}

/** The resolution, and every prediction's planned payout from the state after it. */
async function resolveForecast(
  transaction: TransactionHandle,
  forecastId: string,
  data: EventData<'ForecastResolved'>,
  after: ForecastState,
): Promise<void> {
  await transaction.query(SET_RESOLUTION, [forecastId, data.value, data.winningSide, data.at]);
  const plan = after.resolution?.plan;
  if (!plan) return;
  await transaction.query(SET_PLANNED_PAYOUTS, [
    forecastId,
    rowsDocument(plan.payouts.map((payout) => [payout.predictionId, payout.payoutMinor.toString()])),
  ]);
}
