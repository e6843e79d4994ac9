import type { TransactionHandle } from '@app/event-store';
import { rowsDocument, rowsTable } from '../../../platform/database/upsert-rows';
import type { ForecastEvent, ForecastState } from '../domain/forecast';

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
      case 'ForecastCreated': {
        const d = event.data;
        const creatorStake = events.find((other) => other.type === 'PredictionPlaced' && other.data.isCreator);
        const stake = creatorStake?.type === 'PredictionPlaced' ? creatorStake.data : null;
        await transaction.query(
          `INSERT INTO forecasts (forecast_id, creator_id, sandbox, content_id, content_url, platform, content_title, on_platform, forecast_type, target_value, odds_tenths, expires_at,
             creator_side, creator_amount_minor, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
          [
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
          ],
        );
        break;
      }
      case 'PredictionPlaced': {
        const d = event.data;
        await transaction.query(
          `INSERT INTO forecast_predictions (prediction_id, forecast_id, user_id, side, amount_minor, is_creator, seq, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [d.predictionId, forecastId, d.userId, d.side, d.amountMinor, d.isCreator, seq, d.at],
        );
        seq += 1;
        const over = d.side === 'over';
        await transaction.query(
          `UPDATE forecasts SET ${over ? 'over_minor = over_minor + $2, over_count = over_count + 1' : 'under_minor = under_minor + $2, under_count = under_count + 1'} WHERE forecast_id = $1`,
          [forecastId, d.amountMinor],
        );
        break;
      }
      case 'ObservationRecorded':
        await transaction.query(
          `INSERT INTO forecast_observations (forecast_id, observed_at, value, source, recorded_at) VALUES ($1, $2, $3, $4, $5)`,
          [forecastId, event.data.observedAt, event.data.value, event.data.source, event.data.at],
        );
        // The latest observation by time is the current value (an oracle may record an older reading later).
        await transaction.query(
          `UPDATE forecasts SET current_value = $2, observed_at = $3 WHERE forecast_id = $1 AND (observed_at IS NULL OR observed_at <= $3)`,
          [forecastId, event.data.value, event.data.observedAt],
        );
        break;
      case 'ForecastResolved': {
        await transaction.query(
          `UPDATE forecasts SET resolved_value = $2, winning_side = $3, resolved_at = $4 WHERE forecast_id = $1`,
          [forecastId, event.data.value, event.data.winningSide, event.data.at],
        );
        const plan = after.resolution?.plan;
        if (!plan) break;
        // One statement for every prediction of the forecast (10,000 of them must settle in seconds).
        await transaction.query(
          `UPDATE forecast_predictions p SET payout_minor = u.payout, result = CASE WHEN u.payout > 0 THEN 'won' ELSE 'lost' END
             FROM ${rowsTable(2, { prediction_id: 'text', payout: 'bigint' })} AS u
            WHERE p.forecast_id = $1 AND p.prediction_id = u.prediction_id`,
          [
            forecastId,
            rowsDocument(plan.payouts.map((payout) => [payout.predictionId, payout.payoutMinor.toString()])),
          ],
        );
        break;
      }
      case 'PayoutBatchPaid':
        await transaction.query(
          `INSERT INTO forecast_payout_batches (forecast_id, batch_index, user_count, paid_minor, unpaid, paid_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            forecastId,
            event.data.batchIndex,
            event.data.userCount,
            event.data.paidMinor,
            JSON.stringify(event.data.unpaid ?? []),
            event.data.at,
          ],
        );
        break;
      case 'ForecastSettled':
        await transaction.query(`UPDATE forecasts SET settled_at = $2 WHERE forecast_id = $1`, [
          forecastId,
          event.data.at,
        ]);
        break;
    }
  }
}
