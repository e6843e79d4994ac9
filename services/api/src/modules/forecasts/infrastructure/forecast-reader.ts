import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { minorToApiNumber } from '@app/contracts/ledger';
import type {
  ForecastStatus,
  Prediction,
  PredictionDetail,
  PredictionResult,
  SocialForecast,
} from '@app/contracts/forecasts';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { GetUserQuery } from '../../identity';
import { owedFor } from '../domain/payouts';

export const usd = (minor: bigint | string | number) => minorToApiNumber(BigInt(minor), 'usd');

export interface ForecastRow {
  forecast_id: string;
  creator_id: string;
  sandbox: boolean;
  content_id: string | null;
  content_url: string;
  platform: string | null;
  content_title: string | null;
  on_platform: boolean;
  forecast_type: SocialForecast['forecast_type'];
  target_value: string;
  odds_tenths: number;
  expires_at: Date;
  creator_side: 'over' | 'under';
  creator_amount_minor: string;
  over_minor: string;
  under_minor: string;
  over_count: number;
  under_count: number;
  participant_count?: number;
  current_value: string | null;
  observed_at: Date | null;
  resolved_value: string | null;
  winning_side: 'over' | 'under' | null;
  resolved_at: Date | null;
  settled_at: Date | null;
  created_at: Date;
}

export interface PredictionRow {
  prediction_id: string;
  forecast_id: string;
  user_id: string;
  side: 'over' | 'under';
  amount_minor: string;
  is_creator: boolean;
  payout_minor: string | null;
  result: PredictionResult;
  created_at: Date;
}

export const FORECAST_COLUMNS = `f.*, (SELECT count(DISTINCT user_id)::int FROM forecast_predictions p
                                 WHERE p.forecast_id = f.forecast_id) AS participant_count`;

/** `resolved` once every payout is posted; `expired` from expiry until then (waiting for the observation or paying). */
export function statusOf(row: Pick<ForecastRow, 'expires_at' | 'settled_at'>, now: Date): ForecastStatus {
  if (row.settled_at) return 'resolved';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Reads of the inline read models, shaped as the contracts' answers. */
@Injectable()
export class ForecastReader {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly queryBus: QueryBus,
  ) {}

  async forecast(forecastId: string): Promise<ForecastRow | null> {
    const { rows } = await this.pool.query<ForecastRow>(
      `SELECT ${FORECAST_COLUMNS} FROM forecasts f WHERE forecast_id = $1`,
      [forecastId],
    );
    return rows[0] ?? null;
  }

  /** Active forecasts first (soonest expiry), then the most recent expired and resolved ones. */
  async forecasts(
    filter: { status?: ForecastStatus; contentId?: string; creatorId?: string },
    now: Date,
  ): Promise<ForecastRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.contentId) where.push(`content_id = $${params.push(filter.contentId)}`);
    if (filter.creatorId) where.push(`creator_id = $${params.push(filter.creatorId)}`);
    if (filter.status === 'active') where.push(`settled_at IS NULL AND expires_at > $${params.push(now)}`);
    if (filter.status === 'expired') where.push(`settled_at IS NULL AND expires_at <= $${params.push(now)}`);
    if (filter.status === 'resolved') where.push(`settled_at IS NOT NULL`);
    const order = filter.creatorId
      ? 'created_at DESC'
      : `(settled_at IS NULL AND expires_at > $${params.push(now)}) DESC,
         CASE WHEN settled_at IS NULL AND expires_at > $${params.length} THEN expires_at END ASC, created_at DESC`;
    const { rows } = await this.pool.query<ForecastRow>(
      `SELECT ${FORECAST_COLUMNS} FROM forecasts f ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY
       ${order} LIMIT 100`,
      params,
    );
    return rows;
  }

  async predictionsOfUser(userId: string): Promise<PredictionRow[]> {
    const { rows } = await this.pool.query<PredictionRow>(
      `SELECT * FROM forecast_predictions WHERE user_id = $1 ORDER BY created_at DESC, seq DESC LIMIT 200`,
      [userId],
    );
    return rows;
  }

  async prediction(predictionId: string): Promise<PredictionRow | null> {
    const { rows } = await this.pool.query<PredictionRow>(
      `SELECT * FROM forecast_predictions WHERE prediction_id = $1`,
      [predictionId],
    );
    return rows[0] ?? null;
  }

  async forecastsByIds(ids: readonly string[]): Promise<Map<string, ForecastRow>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<ForecastRow>(
      `SELECT ${FORECAST_COLUMNS} FROM forecasts f WHERE forecast_id = ANY($1::text[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.forecast_id, row]));
  }

  /** Display names and avatars of the given users (display name, else username); unknown ids map to nulls. */
  async people(userIds: readonly string[]): Promise<Map<string, { name: string | null; avatar: string | null }>> {
    const unique = [...new Set(userIds)];
    const users = await Promise.all(unique.map((id) => this.queryBus.execute(new GetUserQuery(id))));
    return new Map(
      unique.map((id, index) => [
        id,
        {
          name: users[index] ? (users[index].display_name ?? users[index].username) : null,
          avatar: users[index]?.avatar_url ?? null,
        },
      ]),
    );
  }

  async forecastViews(rows: readonly ForecastRow[], now: Date): Promise<SocialForecast[]> {
    const people = await this.people(rows.map((row) => row.creator_id));
    return rows.map((row) => forecastView(row, people.get(row.creator_id) ?? { name: null, avatar: null }, now));
  }

  async predictionViews(rows: readonly PredictionRow[], now: Date): Promise<Prediction[]> {
    const forecasts = await this.forecastsByIds(rows.map((row) => row.forecast_id));
    return rows.flatMap((row) => {
      const forecast = forecasts.get(row.forecast_id);
      return forecast ? [predictionView(row, forecast, now)] : [];
    });
  }

  async detail(prediction: PredictionRow, now: Date): Promise<PredictionDetail | null> {
    const row = await this.forecast(prediction.forecast_id);
    if (!row) return null;
    const [people, observations, stakes] = await Promise.all([
      this.people([row.creator_id]),
      this.pool.query<{ observed_at: Date; value: string }>(
        `SELECT observed_at, value FROM forecast_observations WHERE forecast_id = $1 ORDER BY observed_at LIMIT 500`,
        [row.forecast_id],
      ),
      this.pool.query<{ user_id: string; side: 'over' | 'under'; amount_minor: string; result: PredictionResult }>(
        `SELECT user_id, side, amount_minor, result FROM forecast_predictions WHERE forecast_id = $1 ORDER BY seq
         LIMIT 200`,
        [row.forecast_id],
      ),
    ]);
    const names = await this.people(stakes.rows.map((stake) => stake.user_id));
    const forecast = forecastView(row, people.get(row.creator_id) ?? { name: null, avatar: null }, now);
    const settled = forecast.status === 'resolved';
    return {
      prediction: predictionView(prediction, row, now),
      forecast: {
        ...forecast,
        metric: forecast.forecast_type,
        target: forecast.target_value,
        creator_projection: forecast.target_value,
      },
      trajectory: trajectoryOf(
        row,
        observations.rows.map((observation) => ({ at: observation.observed_at, value: Number(observation.value) })),
      ),
      participants: stakes.rows.map((stake) => ({
        username: names.get(stake.user_id)?.name ?? 'unknown',
        side: stake.side,
        amount: usd(stake.amount_minor),
        status: settled ? ('settled' as const) : ('active' as const),
        result: settled ? stake.result : ('pending' as const),
      })),
    };
  }
}

export function forecastView(
  row: ForecastRow,
  creator: { name: string | null; avatar: string | null },
  now: Date,
): SocialForecast {
  const status = statusOf(row, now);
  return {
    id: row.forecast_id,
    content_id: row.content_id,
    platform: row.platform,
    content_url: row.content_url,
    content_title: row.content_title,
    content_platform: row.platform,
    forecast_type: row.forecast_type,
    target_value: Number(row.target_value),
    current_value: row.current_value === null ? null : Number(row.current_value),
    odds: row.odds_tenths / 10,
    expires_at: row.expires_at.toISOString(),
    status,
    pool_size: usd(BigInt(row.over_minor) + BigInt(row.under_minor)),
    creator_id: row.creator_id,
    creator_name: creator.name,
    creator_avatar: creator.avatar,
    creator_side: row.creator_side,
    creator_initial_amount: usd(row.creator_amount_minor),
    total_over_amount: usd(row.over_minor),
    total_under_amount: usd(row.under_minor),
    over_count: row.over_count,
    under_count: row.under_count,
    participant_count: row.participant_count ?? 0,
    resolved_value: status === 'resolved' && row.resolved_value !== null ? Number(row.resolved_value) : null,
    winning_side: status === 'resolved' ? row.winning_side : null,
    resolved_at: status === 'resolved' && row.settled_at ? row.settled_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

export function predictionView(row: PredictionRow, forecast: ForecastRow, now: Date): Prediction {
  const forecastStatus = statusOf(forecast, now);
  const settled = forecastStatus === 'resolved';
  const amount = usd(row.amount_minor);
  return {
    id: row.prediction_id,
    forecast_id: row.forecast_id,
    content_id: forecast.content_id,
    content_title: forecast.content_title,
    content_url: forecast.content_url,
    platform: forecast.platform,
    forecast_type: forecast.forecast_type,
    target_value: Number(forecast.target_value),
    odds: forecast.odds_tenths / 10,
    forecast_status: forecastStatus,
    prediction_side: row.side,
    prediction_amount: amount,
    amount,
    current_value: forecast.current_value === null ? null : Number(forecast.current_value),
    potential_payout: usd(owedFor(BigInt(row.amount_minor), forecast.odds_tenths)),
    actual_payout: settled ? usd(row.payout_minor ?? '0') : null,
    status: settled ? 'settled' : 'active',
    result: settled ? row.result : 'pending',
    is_creator_stake: row.is_creator,
    expires_at: forecast.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Real observations, each with the expected value at its time: the straight line from the first observation (or 0
 * at creation) to the target at expiry.
 */
export function trajectoryOf(
  row: Pick<ForecastRow, 'created_at' | 'expires_at' | 'target_value'>,
  observations: ReadonlyArray<{ at: Date; value: number }>,
) {
  const start =
    observations[0] && observations[0].at.getTime() < row.expires_at.getTime()
      ? observations[0]
      : { at: row.created_at, value: 0 };
  const span = Math.max(1, row.expires_at.getTime() - start.at.getTime());
  const target = Number(row.target_value);
  return observations.map((observation) => {
    const progress = Math.min(1, Math.max(0, (observation.at.getTime() - start.at.getTime()) / span));
    return {
      date: observation.at.toISOString(),
      actual: observation.value,
      expected: Math.round(start.value + (target - start.value) * progress),
    };
  });
}
