import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL, INSTANCE_SECRETS } from '../../platform/database/database.tokens';
import type { SecretSource } from '../../platform/secrets/instance-secrets';
import { WITHDRAWALS_CONFIG, loadWithdrawalsConfig, type WithdrawalsConfig } from './config/withdrawals-config';
import { DetailsCipher } from './infrastructure/details-cipher';
import { WithdrawalCommands } from './infrastructure/withdrawal-commands';
import {
  WITHDRAWALS_MIGRATIONS_DIRECTORY,
  WITHDRAWALS_MIGRATIONS_TABLE,
  Withdrawals,
} from './infrastructure/withdrawal-streams';
import { ManagePaymentPreferencesController } from './manage-payment-preferences/manage-payment-preferences.controller';
import { LocalPayoutProvider } from './infrastructure/local-payout-provider';
import { PAYOUT_PROVIDER } from './infrastructure/payout-provider.port';
import { PayoutReactor } from './process-payouts/payout.reactor';
import { WithdrawalController } from './request-withdrawal/withdrawal.controller';

/** Money out: gem withdrawals held in the ledger and paid out by a job, and saved payment preferences. */
@Module({
  imports: [CqrsModule],
  controllers: [WithdrawalController, ManagePaymentPreferencesController],
  providers: [
    {
      provide: WITHDRAWALS_CONFIG,
      inject: [INSTANCE_SECRETS],
      useFactory: (secrets: SecretSource) => loadWithdrawalsConfig(process.env, secrets),
    },
    {
      provide: DetailsCipher,
      inject: [WITHDRAWALS_CONFIG],
      useFactory: (config: WithdrawalsConfig) => new DetailsCipher(config.detailsKey),
    },
    { provide: PAYOUT_PROVIDER, useFactory: () => new LocalPayoutProvider() },
    Withdrawals,
    WithdrawalCommands,
    PayoutReactor,
  ],
})
export class WithdrawalsModule implements OnModuleInit {
  private readonly logger = new Logger('Withdrawals');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(WITHDRAWALS_CONFIG) private readonly config: WithdrawalsConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: WITHDRAWALS_MIGRATIONS_DIRECTORY,
      migrationsTable: WITHDRAWALS_MIGRATIONS_TABLE,
    });
    if (!this.config.detailsKey)
      this.logger.warn('PAYMENT_DETAILS_KEY is not set: withdrawals and payment preferences answer 503 until it is');
    this.logger.log('Withdrawals ready');
  }
}
