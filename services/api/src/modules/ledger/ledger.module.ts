import { Global, Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { LedgerAdminController } from './audit-ledger/ledger-admin.controller';
import { VerifyRuns } from './audit-ledger/verify-runs';
import { DIGEST_PROVIDERS, DigestJob } from './publish-digests/digest-providers';
import { LedgerDigestsController } from './publish-digests/digests.controller';
import { ConvertCurrencyController } from './convert-currency/convert-currency.controller';
import {
  DEMO_TOP_UP_JOB,
  DemoPersonaTopUp,
  FundDemoPersonaHandler,
} from './fund-demo-persona/fund-demo-persona.command';
import { ArchiveSandboxHandler } from './fund-demo-persona/archive-sandbox.command';
import { EXPIRE_HOLDS_JOB, ExpireHolds } from './expire-holds/expire-holds.job';
import { LEDGER_MIGRATIONS_DIRECTORY, LEDGER_MIGRATIONS_TABLE } from './infrastructure/ledger-migrations';
import { LEDGER_PROVIDERS } from './ledger.tokens';
import { OpenUserAccountsHandler } from './open-user-accounts/open-user-accounts.command';
import { RunLedgerCommandHandler } from './post-transaction/ledger-commands';
import { LEDGER_PROJECTIONS } from './projections/ledger-projections';
import { GetUserBalancesHandler, GetUserLedgerSummaryHandler } from './read-wallets/get-user-balances.query';
import { WalletHistoryController } from './read-wallets/wallet-history.controller';
import { WalletsController } from './read-wallets/wallets.controller';
import { MONEY_PORT } from '../../platform/use-cases/money.port';

/**
 * The currency ledger: accounts, conversions, holds, reversals, balances and transactions, audit. Global, so that
 * every module's use cases move money through `MONEY_PORT` without importing the ledger's wiring.
 */
@Global()
@Module({
  imports: [CqrsModule],
  controllers: [
    WalletsController,
    WalletHistoryController,
    ConvertCurrencyController,
    LedgerAdminController,
    LedgerDigestsController,
  ],
  providers: [
    ...LEDGER_PROVIDERS,
    ...projectionProviders(...LEDGER_PROJECTIONS),
    OpenUserAccountsHandler,
    FundDemoPersonaHandler,
    ArchiveSandboxHandler,
    RunLedgerCommandHandler,
    GetUserBalancesHandler,
    GetUserLedgerSummaryHandler,
    DemoPersonaTopUp,
    ExpireHolds,
    VerifyRuns,
    ...DIGEST_PROVIDERS,
  ],
  // The executor is reached through MONEY_PORT only (the runner's port).
  exports: [MONEY_PORT],
})
export class LedgerModule implements OnModuleInit {
  private readonly logger = new Logger('Ledger');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly demoTopUp: DemoPersonaTopUp,
    private readonly expireHolds: ExpireHolds,
    private readonly digestJob: DigestJob,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: LEDGER_MIGRATIONS_DIRECTORY,
      migrationsTable: LEDGER_MIGRATIONS_TABLE,
    });
    this.queue.registerHandler(DEMO_TOP_UP_JOB, async () => {
      await this.demoTopUp.run(this.pool);
    });
    this.queue.registerHandler(EXPIRE_HOLDS_JOB, async () => {
      await this.expireHolds.run(this.pool);
    });
    // Just after midnight UTC, and every minute for holds past their deadline.
    await this.queue.schedule(DEMO_TOP_UP_JOB, { cron: '5 0 * * *' });
    await this.queue.schedule(EXPIRE_HOLDS_JOB, { everyMs: 60_000 });
    await this.digestJob.schedule();
    this.logger.log('Ledger ready');
  }
}
