import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { createApplication } from './platform/bootstrap';
import type { AppConfig } from './platform/config/app-config';
import { CompositionsModule } from './compositions/compositions.module';
import { PlatformModule } from './platform/platform.module';
import { AdvertisersModule } from './modules/advertisers/advertisers.module';
import { CampaignsModule } from './modules/campaigns/campaigns.module';
import { ContentModule } from './modules/content/content.module';
import { DropsModule } from './modules/drops/drops.module';
import { EngagementModule } from './modules/engagement/engagement.module';
import { ForecastsModule } from './modules/forecasts/forecasts.module';
import { GrowthModule } from './modules/growth/growth.module';
import { IdentityModule } from './modules/identity/identity.module';
import { IncentivesModule } from './modules/incentives/incentives.module';
import { LeaderboardModule } from './modules/leaderboard/leaderboard.module';
import { LedgerModule } from './modules/ledger/ledger.module';
import { MarketModule } from './modules/market/market.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { PlatformStatsModule } from './modules/platform-stats/platform-stats.module';
import { ProgressModule } from './modules/progress/progress.module';
import { RewardsModule } from './modules/rewards/rewards.module';
import { SearchModule } from './modules/search/search.module';
import { ShopModule } from './modules/shop/shop.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { TelemetryModule } from './modules/telemetry/telemetry.module';
import { WithdrawalsModule } from './modules/withdrawals/withdrawals.module';

/**
 * The bounded contexts, one Nest module each (`src/modules/<context>/<context>.module.ts`). To add one, import its
 * module class here (and export it from `modules/context-modules.ts` for tests that start a part of the
 * application). Everything platform-wide (config, database, event store, projections, jobs) is global.
 */
const CONTEXT_MODULES: Array<Type | DynamicModule> = [
  IdentityModule,
  LedgerModule,
  RewardsModule,
  ShopModule,
  ProgressModule,
  LeaderboardModule,
  NotificationsModule,
  SearchModule,
  DropsModule,
  ContentModule,
  EngagementModule,
  GrowthModule,
  PlatformStatsModule,
  PaymentsModule,
  WithdrawalsModule,
  MarketModule,
  ForecastsModule,
  AdvertisersModule,
  SubscriptionsModule,
  IncentivesModule,
  CampaignsModule,
  TelemetryModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Array<Type | DynamicModule> = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config),
        CqrsModule.forRoot(),
        ...CONTEXT_MODULES,
        CompositionsModule,
        ...extraModules,
      ],
    };
  }
}

export interface CreateAppOptions {
  /** Extra modules (tests add test-only controllers this way). */
  extraModules?: Array<Type | DynamicModule>;
}

/** The configured application, ready to serve but not listening (`createApplication` in the platform builds it). */
export function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  return createApplication(AppModule.forRoot(config, options.extraModules ?? []), config);
}
