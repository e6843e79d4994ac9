import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ApiError } from '../../../platform/http/api-error';
import { JOB_QUEUE, type JobQueue } from '../../../platform/jobs/job-queue.port';
import { GetContentEngagementQuery } from '../../content';
import { newTransactionId } from '../../ledger';
import { settlingObservation, type ForecastMetric } from '../domain/forecast';
import { ForecastCommands } from '../infrastructure/forecast-commands';

export const FORECAST_JOBS = {
  /** Settles one forecast (enqueued for its expiry, and again when its observation arrives). */
  settle: 'forecasts.settle',
  /** Every minute: observes forecasts on content of this platform and settles every expired one that can be. */
  sweep: 'forecasts.sweep',
} as const;

export type SettlementOutcome = 'settled' | 'already_settled' | 'in_progress' | 'not_expired' | 'awaiting_observation';

const SWEEP_BATCH = 200;
/** Payout batches of one forecast paid at once, each in its own unit of work (connection). */
const PARALLEL_BATCHES = 3;
const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

/**
 * Settlement of a forecast (README "Settlement"): resolve (fix the winning side and the payout plan from the
 * settling observation), pay the plan in batches of users, then post the remainder and mark it settled. Every step
 * is a command decided on the forecast's stream, so a retried or concurrent run appends nothing twice: a resolved
 * forecast refuses a second resolution, each batch is paid at the stream version that counted the ones before, and
 * a settled forecast refuses to finish again. A run cut off half-way is resumed by the next one.
 */
@Injectable()
export class ForecastSettlement {
  private readonly logger = new Logger('ForecastSettlement');

  constructor(
    private readonly commands: ForecastCommands,
    private readonly queryBus: QueryBus,
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  /** Queues the settlement of a forecast at `at` (its expiry, or now); the job id makes each reason queue once. */
  async schedule(forecastId: string, at: Date, reason: string): Promise<void> {
    await this.jobs.enqueue(
      FORECAST_JOBS.settle,
      { forecastId },
      { jobId: `forecast-settle-${forecastId}-${reason}`, delayMs: Math.max(0, at.getTime() - Date.now()) },
    );
  }

  async settle(forecastId: string, now = new Date()): Promise<SettlementOutcome> {
    const loaded = await this.commands.load(forecastId);
    if (!loaded.state.terms) return 'awaiting_observation';
    if (loaded.state.settled) return 'already_settled';
    const at = now.toISOString();
    const terms = loaded.state.terms;
    if (
      !loaded.state.resolution &&
      terms.onPlatform &&
      terms.contentId &&
      Date.parse(terms.expiresAt) <= now.getTime() &&
      !settlingObservation(loaded.state)
    ) {
      await this.observe(forecastId, terms.contentId, terms.forecastType, now);
    }
    if (!loaded.state.resolution) {
      try {
        await this.commands.run({
          forecastId,
          prepare: () => ({ type: 'ResolveForecast', data: { now: at } }),
          answer: () => null,
        });
      } catch (error) {
        const code = codeOf(error);
        if (code === 'AWAITING_OBSERVATION') return 'awaiting_observation';
        if (code === 'NOT_EXPIRED_YET') return 'not_expired';
        if (code !== 'FORECAST_RESOLVED') throw error;
      }
    }
    // The batches, a few at a time (each on its own stream and connection); one another run already paid is skipped.
    const batchCount = (await this.commands.load(forecastId)).state.resolution?.batches.length ?? 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_BATCHES, batchCount) }, async () => {
        while (next < batchCount) {
          const batchIndex = next++;
          await this.commands.payBatch(forecastId, batchIndex, at).catch((error: unknown) => {
            if (codeOf(error) !== 'BATCH_PAID') throw error;
          });
        }
      }),
    );
    const transactionId = newTransactionId();
    try {
      await this.commands.run({
        forecastId,
        prepare: async (unit) => {
          const paid = await unit.transaction.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM forecast_payout_batches WHERE forecast_id = $1`,
            [forecastId],
          );
          return { type: 'FinishSettlement', data: { batchesPaid: paid.rows[0]?.count ?? 0, transactionId, now: at } };
        },
        answer: () => null,
      });
    } catch (error) {
      if (codeOf(error) === 'FORECAST_RESOLVED') return 'already_settled';
      // Another run is still paying a batch this one found taken: that run finishes the settlement.
      if (codeOf(error) === 'PAYOUTS_PENDING') return 'in_progress';
      throw error;
    }
    return 'settled';
  }

  /**
   * Records the metric of forecasts on this platform's content, read from the content's real engagement (a new
   * observation only when the value moved, and always one at or after expiry, which settles the forecast).
   */
  async observeOnPlatform(now = new Date()): Promise<number> {
    const { rows } = await this.database.query<{
      forecast_id: string;
      content_id: string;
      forecast_type: ForecastMetric;
      current_value: string | null;
      expires_at: Date;
      observed_at: Date | null;
    }>(
      `SELECT forecast_id, content_id, forecast_type, current_value, expires_at, observed_at FROM forecasts
        WHERE on_platform AND settled_at IS NULL AND resolved_at IS NULL AND content_id IS NOT NULL ORDER BY expires_at
          LIMIT ${SWEEP_BATCH}`,
    );
    if (rows.length === 0) return 0;
    const facts = await this.queryBus.execute(
      new GetContentEngagementQuery([...new Set(rows.map((row) => row.content_id))], null, now.toISOString()),
    );
    const byContent = new Map(facts.map((fact) => [fact.contentId, fact]));
    let recorded = 0;
    for (const row of rows) {
      const fact = byContent.get(row.content_id);
      const value = fact ? metricOf(fact, row.forecast_type) : 0;
      const expired = row.expires_at.getTime() <= now.getTime();
      const hasSettlingObservation = row.observed_at !== null && row.observed_at.getTime() >= row.expires_at.getTime();
      if (!expired && row.current_value !== null && Number(row.current_value) === value) continue;
      if (expired && hasSettlingObservation) continue;
      if (await this.record(row.forecast_id, value, now)) recorded += 1;
    }
    return recorded;
  }

  /** One observation of one forecast on this platform's content, read now. */
  private async observe(forecastId: string, contentId: string, metric: ForecastMetric, now: Date): Promise<boolean> {
    const [fact] = await this.queryBus.execute(new GetContentEngagementQuery([contentId], null, now.toISOString()));
    return this.record(forecastId, fact ? metricOf(fact, metric) : 0, now);
  }

  private async record(forecastId: string, value: number, now: Date): Promise<boolean> {
    const at = now.toISOString();
    try {
      await this.commands.run({
        forecastId,
        prepare: () => ({
          type: 'RecordObservation',
          data: { value, observedAt: at, source: 'platform', recordedBy: null, now: at },
        }),
        answer: () => null,
      });
      return true;
    } catch (error) {
      if (codeOf(error) !== 'FORECAST_RESOLVED')
        this.logger.error(`Observation of forecast ${forecastId} failed: ${(error as Error).message}`);
      return false;
    }
  }

  /** The sweep: observe, then settle every expired forecast not settled yet (one failure holds back no other). */
  async settleDue(now = new Date()): Promise<number> {
    await this.observeOnPlatform(now);
    const { rows } = await this.database.query<{ forecast_id: string }>(
      `SELECT forecast_id FROM forecasts
        WHERE settled_at IS NULL AND expires_at <= $1 AND (resolved_at IS NOT NULL OR observed_at >= expires_at)
        ORDER BY expires_at LIMIT ${SWEEP_BATCH}`,
      [now.toISOString()],
    );
    let settled = 0;
    for (const row of rows) {
      const outcome = await this.settle(row.forecast_id, now).catch((error: Error) => {
        this.logger.error(`Settlement of forecast ${row.forecast_id} failed: ${error.message}`);
        return null;
      });
      if (outcome === 'settled') settled += 1;
    }
    if (settled > 0) this.logger.log(`Settled ${settled} forecast(s)`);
    return settled;
  }
}

function metricOf(fact: { views: number; likes: number; shares: number }, metric: ForecastMetric): number {
  switch (metric) {
    case 'views':
      return fact.views;
    case 'likes':
      return fact.likes;
    case 'shares':
      return fact.shares;
    case 'comments':
      // Comments are counted by the content context, which publishes no query for them: such forecasts use the oracle.
      return 0;
  }
}
