import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { LEADERBOARD_BANDS, type LeaderboardBand } from '@app/contracts/incentives';
import { inventoryPeriodStart } from '@app/contracts/advertisers';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ReadYourWrites } from '../../../platform/projections/read-your-writes';
import { GetLeaderboardTopQuery } from '../../leaderboard';
import { CouponCommands } from './coupon-commands';
import { awardRedemptionIdOf } from './coupon-streams';

export const LEADERBOARD_AWARDS_JOB = 'incentives.award-leaderboard-bands';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The leaderboard context's projection (its name in the projection registry). */
const LEADERBOARD_PROJECTION = 'leaderboard';

/** Who a band is: the first N of the closed week's ranking (composite score), or the 10 who earned the most gems. */
export const BAND_RULES: Record<LeaderboardBand, { size: number; orderBy: 'composite' | 'gems' }> = {
  'top-5': { size: 5, orderBy: 'composite' },
  'top-10': { size: 10, orderBy: 'composite' },
  'top-25': { size: 25, orderBy: 'composite' },
  'growth-leaders': { size: 10, orderBy: 'gems' },
};

/**
 * When a week closes (Monday 00:00 UTC; the job runs hourly and catches up on the last closed week), each coupon
 * assigned to a leaderboard band is awarded to the users of that band in rank order: one redemption each, out of the
 * coupon's own quantity (the vouchers the advertiser created: never more than quantity_remaining, the rest counted as
 * unawarded), once per assignment and week (`CouponBandAwarded` on the coupon's stream; redemption ids derive from
 * assignment, week and user). No ledger currency moves: a coupon is the advertiser's voucher. Each winner is
 * notified (notifications' rule on `CouponRedeemed` with a user).
 */
@Injectable()
export class LeaderboardAwardsJob {
  private readonly logger = new Logger('Incentives');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly commands: CouponCommands,
    private readonly queryBus: QueryBus,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async run(now = new Date()): Promise<number> {
    const thisWeek = inventoryPeriodStart('week', now);
    const closedWeekStart = new Date(thisWeek.getTime() - WEEK_MS);
    const periodKey = closedWeekStart.toISOString().slice(0, 10);
    const weekEnd = thisWeek.toISOString();
    // Assignments made before the week closed, of coupons that did not end before it began.
    const due = await this.pool.query<{ assignment_id: string; coupon_id: string; target_id: string }>(
      `SELECT a.assignment_id, a.coupon_id, a.target_id
         FROM incentive_assignments a JOIN incentive_coupons c ON c.coupon_id = a.coupon_id
        WHERE a.target_type = 'leaderboard' AND a.assigned_at < $1 AND c.end_date > $2 AND c.start_date < $1
        ORDER BY a.assigned_at, a.assignment_id`,
      [weekEnd, closedWeekStart.toISOString()],
    );
    let awarded = 0;
    // The ranking is a projection of ledger events: let it reach the log's head before a band is decided (once).
    if (due.rows.length > 0) await this.readYourWrites.awaitProjections([LEADERBOARD_PROJECTION], 30_000);
    for (const row of due.rows) {
      if (!(LEADERBOARD_BANDS as readonly string[]).includes(row.target_id)) continue;
      const band = row.target_id as LeaderboardBand;
      const rule = BAND_RULES[band];
      const top = await this.queryBus.execute(new GetLeaderboardTopQuery('weekly', periodKey, rule.size, rule.orderBy));
      const outcome = await this.commands.execute(row.coupon_id, {
        type: 'AwardLeaderboardBand',
        data: {
          assignmentId: row.assignment_id,
          band,
          periodKey,
          weekEnd,
          winners: top.map((entry) => ({ userId: entry.userId, userName: entry.username ?? entry.userId })),
          redemptionIdOf: (userId) => awardRedemptionIdOf(row.assignment_id, periodKey, userId),
          now: now.toISOString(),
        },
      });
      if (outcome.kind === 'recorded')
        awarded += outcome.events.filter((event) => event.type === 'CouponRedeemed').length;
    }
    if (awarded > 0) this.logger.log(`Awarded ${awarded} leaderboard coupon(s) for the week of ${periodKey}`);
    return awarded;
  }
}
