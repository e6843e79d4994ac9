import { Inject, Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { SubscriptionCommands } from './subscription-commands';

export const PLAN_PERIOD_END_JOB = 'subscriptions.end-paid-periods';

/**
 * The renewal job (every 15 minutes): a paid plan whose period ended without another payment extending it falls to
 * free, once (`EndPaidPeriod` on the subscription stream); identity's tier follows through `PlanPaymentsReactor`. The
 * card provider's renewal is a new payment of the same plan (`POST /advertisers/subscription/upgrade`), which extends
 * the period from its end.
 */
@Injectable()
export class PeriodEndJob {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly commands: SubscriptionCommands,
  ) {}

  async run(now = new Date()): Promise<number> {
    const due = await this.pool.query<{ user_id: string }>(
      `SELECT user_id FROM subscription_periods WHERE tier <> 'free' AND paid_through <= $1 ORDER BY paid_through
       LIMIT 500`,
      [now.toISOString()],
    );
    let ended = 0;
    for (const { user_id: userId } of due.rows) {
      const outcome = await this.commands.execute(userId, { type: 'EndPaidPeriod', data: { now: now.toISOString() } });
      if (outcome.kind !== 'recorded') continue;
      ended += 1;
    }
    if (ended > 0) this.logger.log(`Ended ${ended} paid plan period(s)`);
    return ended;
  }
}
