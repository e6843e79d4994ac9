import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { z } from 'zod';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { JobsService } from '../../../platform/jobs/jobs.service';
import { CreditMovesAllowanceCommand } from '../moves/credit-moves-allowance.command';

export const CREDIT_ALLOWANCE_JOB = 'subscriptions.credit-allowance';
export const CREDIT_ALLOWANCES_JOB = 'subscriptions.credit-allowances';
const PayloadSchema = z.object({ userId: z.string() });

/**
 * When the moves allowance is credited, besides first use (`GET /api/subscriptions/moves`, `CreditMovesAllowanceCommand`):
 * - at once when a user becomes an advertiser or changes tier (identity's `UserTypeChanged` / `UserTierChanged`,
 *   derived from the event log, so none is lost), for the current period of the new tier;
 * - when each new period begins, by the hourly job over the advertisers credited before.
 * Each credit is decided on the subscription stream: once per advertiser and period, whatever the number of calls.
 */
@Injectable()
export class AllowanceReactor {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    jobs: JobsService,
    private readonly commandBus: CommandBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {
    jobs.registerReactor({
      name: 'subscription_allowances',
      eventTypes: ['UserTypeChanged', 'UserTierChanged'],
      react: (event) => {
        const parsed = PayloadSchema.safeParse(event.data);
        return parsed.success ? [{ jobName: CREDIT_ALLOWANCE_JOB, payload: { userId: parsed.data.userId } }] : [];
      },
      handlers: {
        [CREDIT_ALLOWANCE_JOB]: async (payload) => {
          const { userId } = PayloadSchema.parse(payload);
          await this.commandBus.execute(new CreditMovesAllowanceCommand(userId));
        },
      },
    });
  }

  /** The hourly run: the current period of every advertiser credited before (a new period's first hour credits it). */
  async creditAll(now = new Date()): Promise<number> {
    const users = await this.pool.query<{ user_id: string }>('SELECT user_id FROM subscription_allowance_users ORDER BY user_id');
    let credited = 0;
    for (const { user_id: userId } of users.rows) {
      try {
        const result = await this.commandBus.execute(new CreditMovesAllowanceCommand(userId, now));
        if (result?.creditedNow) credited += 1;
      } catch (error) {
        this.logger.warn(`Moves allowance of ${userId} not credited: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return credited;
  }
}
