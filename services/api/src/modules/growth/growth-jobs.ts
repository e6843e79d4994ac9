import { Inject, Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';
import type { ShieldPool } from '@app/contracts/growth';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { ApiError } from '../../platform/http/api-error';
import { ReadYourWrites } from '../../platform/projections/read-your-writes';
import { FundingService } from './fund-projects/funding.service';
import { growthReadModel } from './projections/growth-read-model';
import { ShieldService } from './infrastructure/shield.service';
import { StakingService, UNKEYED } from './stake-gems/staking.service';

export const GROWTH_JOBS = {
  accrueStakes: 'growth.staking.accrue',
  settleProjects: 'growth.funding.settle',
  renewShields: 'growth.shield.renew',
} as const;
const BATCH = 500;
/** A job may wait longer than a request for the read model to reach the head: nobody is waiting on it. */
const JOB_PROJECTION_WAIT_MILLISECONDS = 10_000;
/** At most this many overdue months are charged in one run (a job that was down for longer catches up next run). */
const MAX_RENEWALS_PER_RUN = 12;

/**
 * The Growth Hub's scheduled work. Each picks candidates from the read model (after letting it catch up) and decides
 * on the streams, so a candidate that is stale or handled twice does nothing: an accrual pays the days due and not
 * yet paid (a missed day is caught up, a retried day pays once), a settled project refuses a second settlement, a
 * renewed subscription is no longer due. `now` is passed in: tests drive the clock.
 */
@Injectable()
export class GrowthJobs {
  private readonly logger = new Logger('GrowthJobs');

  constructor(
    private readonly staking: StakingService,
    private readonly funding: FundingService,
    private readonly shield: ShieldService,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(DATABASE_POOL) private readonly database: pg.Pool,
  ) {}

  async accrueStakes(now = new Date()): Promise<number> {
    await this.readYourWrites.awaitProjections([growthReadModel.name], JOB_PROJECTION_WAIT_MILLISECONDS);
    const due = await this.database.query<{ position_id: string; user_id: string }>(
      `SELECT position_id, user_id FROM growth_positions
        WHERE NOT withdrawn AND accrued_through < lock_days
          AND staked_at + make_interval(days => accrued_through + 1) <= $1
        ORDER BY staked_at LIMIT ${BATCH}`,
      [now.toISOString()],
    );
    let credited = 0;
    for (const row of due.rows) {
      // One position that cannot be credited (logged) must not hold back the others; it is retried next run.
      const outcome = await this.staking
        .accrue(row.user_id, row.position_id, now.toISOString())
        .catch((error: Error) => {
          this.logger.error(`Staking accrual of position ${row.position_id} failed: ${error.message}`);
          return null;
        });
      if (outcome?.transactionId) credited += 1;
    }
    if (credited > 0) this.logger.log(`Credited staking rewards to ${credited} position(s)`);
    return credited;
  }

  async settleProjects(now = new Date()): Promise<number> {
    await this.readYourWrites.awaitProjections([growthReadModel.name], JOB_PROJECTION_WAIT_MILLISECONDS);
    const due = await this.database.query<{ project_id: string }>(
      `SELECT project_id FROM growth_projects WHERE settled IS NULL AND deadline <= $1
        ORDER BY deadline LIMIT ${BATCH}`,
      [now.toISOString()],
    );
    let settled = 0;
    for (const row of due.rows) {
      try {
        await this.funding.settle(row.project_id, now.toISOString(), UNKEYED);
        settled += 1;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'ALREADY_SETTLED') continue;
        this.logger.error(`Settlement of project ${row.project_id} failed: ${(error as Error).message}`);
      }
    }
    if (settled > 0) this.logger.log(`Settled ${settled} funding project(s)`);
    return settled;
  }

  /** Renews due subscriptions (premium to the pool), ends cancelled ones, lapses those the user's gems cannot pay. */
  async renewShields(now = new Date()): Promise<{ renewed: number; ended: number; lapsed: number }> {
    await this.readYourWrites.awaitProjections([growthReadModel.name], JOB_PROJECTION_WAIT_MILLISECONDS);
    const due = await this.database.query<{ subscription_id: string; user_id: string; pool: ShieldPool }>(
      `SELECT subscription_id, user_id, pool FROM growth_subscriptions
       WHERE status IN ('active', 'cancelled') AND period_end <= $1 ORDER BY period_end LIMIT ${BATCH}`,
      [now.toISOString()],
    );
    const counts = { renewed: 0, ended: 0, lapsed: 0 };
    for (const row of due.rows) {
      for (let step = 0; step < MAX_RENEWALS_PER_RUN; step += 1) {
        let events: string[];
        try {
          events = (await this.shield.renew(row.user_id, row.subscription_id, row.pool, now.toISOString(), UNKEYED))
            .events;
        } catch (error) {
          // The premium was refused (too few gems, an expired sandbox): the subscription lapses and the user is told.
          if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 403)) {
            this.logger.error(`Renewal of subscription ${row.subscription_id} failed: ${(error as Error).message}`);
            break;
          }
          const lapsed = await this.shield.lapse(
            row.user_id,
            row.subscription_id,
            row.pool,
            now.toISOString(),
            UNKEYED,
          );
          if (lapsed.events.includes('ShieldLapsed')) counts.lapsed += 1;
          break;
        }
        if (events.includes('ShieldEnded')) counts.ended += 1;
        if (!events.includes('ShieldRenewed')) break;
        counts.renewed += 1;
      }
    }
    if (counts.renewed + counts.ended + counts.lapsed > 0)
      this.logger.log(`Shield renewals: ${JSON.stringify(counts)}`);
    return counts;
  }
}
