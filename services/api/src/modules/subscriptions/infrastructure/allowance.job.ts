import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { CreditMovesAllowanceCommand } from '@app/contracts/subscriptions';

export const CREDIT_ALLOWANCES_JOB = 'subscriptions.credit-allowances';

/**
 * The hourly allowance run: when a new period begins, the advertisers credited before (`subscription_allowance_users`)
 * get its allowance without waiting for their first use. Each credit is decided on the subscription stream: once per
 * advertiser and period, whatever the number of runs. (The first credit of an advertiser is on first use:
 * `GET /api/subscriptions/moves` or `CreditMovesAllowanceCommand`, so no balance changes behind a context's back.)
 */
@Injectable()
export class AllowanceJob {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  async creditAll(now = new Date()): Promise<number> {
    const users = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM subscription_allowance_users ORDER BY user_id',
    );
    let credited = 0;
    for (const { user_id: userId } of users.rows) {
      try {
        const result = await this.commandBus.execute(new CreditMovesAllowanceCommand(userId, now));
        if (result?.creditedNow) credited += 1;
      } catch (error) {
        this.logger.warn(
          `Moves allowance of ${userId} not credited: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (credited > 0) this.logger.log(`Credited the moves allowance of ${credited} advertiser(s)`);
    return credited;
  }
}
