import { DynamicModule, Module, Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from './platform/config/app-config';
import { CompositionsModule } from './compositions/compositions.module';
import { PlatformModule } from './platform/platform.module';
import {
  AdvertisersModule,
  CampaignsModule,
  ContentModule,
  DropsModule,
  EngagementModule,
  ForecastsModule,
  GrowthModule,
  IdentityModule,
  IncentivesModule,
  LeaderboardModule,
  LedgerModule,
  MarketModule,
  NotificationsModule,
  PaymentsModule,
  PlatformStatsModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
  ShopModule,
  SubscriptionsModule,
  TelemetryModule,
  WithdrawalsModule,
} from './modules/context-modules';

/**
 * The bounded contexts, one Nest module each (`src/modules/<context>/<context>.module.ts`). To add one, import its
 * module class here. Everything platform-wide (config, database, event store, projections, jobs) is global.
 */
const CONTEXT_MODULES: Array<Type | DynamicModule> = [IdentityModule, LedgerModule, RewardsModule, ShopModule, ProgressModule, LeaderboardModule, NotificationsModule, SearchModule, DropsModule, ContentModule, EngagementModule, GrowthModule, PlatformStatsModule, PaymentsModule, WithdrawalsModule, MarketModule, ForecastsModule, AdvertisersModule, SubscriptionsModule, IncentivesModule, CampaignsModule, TelemetryModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Array<Type | DynamicModule> = []): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(config), CqrsModule.forRoot(), ...CONTEXT_MODULES, CompositionsModule, ...extraModules],
    };
  }
}
