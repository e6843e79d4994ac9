import { join } from 'node:path';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { AllowanceJob, CREDIT_ALLOWANCES_JOB } from './infrastructure/allowance.job';
import { PLAN_PERIOD_END_JOB, PeriodEndJob } from './infrastructure/period-end.job';
import { PlanPaymentsReactor } from './infrastructure/plan-payments.reactor';
import { SubscriptionCommands } from './infrastructure/subscription-commands';
import { Subscriptions } from './infrastructure/subscription-streams';
import { CreditMovesAllowanceHandler } from './credit-moves-allowance/credit-moves-allowance.command';
import { ManagePlansController } from './manage-plans/manage-plans.controller';
import { ReadMovesController } from './read-moves/read-moves.controller';

export const SUBSCRIPTIONS_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');

/** Advertiser plans: upgrades paid through the payment port, renewal and downgrade at period end, moves (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [ManagePlansController, ReadMovesController],
  providers: [
    Subscriptions,
    SubscriptionCommands,
    PlanPaymentsReactor,
    AllowanceJob,
    PeriodEndJob,
    CreditMovesAllowanceHandler,
  ],
})
export class SubscriptionsModule implements OnModuleInit {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly periodEnd: PeriodEndJob,
    private readonly allowances: AllowanceJob,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: SUBSCRIPTIONS_MIGRATIONS_DIRECTORY,
      migrationsTable: 'subscriptions_migrations',
    });
    this.queue.registerHandler(PLAN_PERIOD_END_JOB, async () => {
      await this.periodEnd.run();
    });
    await this.queue.schedule(PLAN_PERIOD_END_JOB, { everyMs: 15 * 60_000 });
    this.queue.registerHandler(CREDIT_ALLOWANCES_JOB, async () => {
      await this.allowances.creditAll();
    });
    // Hourly: a period begins at 00:00 UTC (Monday, or the 1st); its allowance is credited within the hour.
    await this.queue.schedule(CREDIT_ALLOWANCES_JOB, { cron: '3 * * * *' });
  }
}
