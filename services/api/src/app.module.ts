import { DynamicModule, Module, Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from './platform/config/app-config';
import { PlatformModule } from './platform/platform.module';
import { IdentityModule } from './modules/identity';
import { LedgerModule } from './modules/ledger';
import { RewardsModule } from './modules/rewards';
import { ShopModule } from './modules/shop';
import { ProgressModule } from './modules/progress';
import { LeaderboardModule } from './modules/leaderboard';
import { NotificationsModule } from './modules/notifications';
import { SearchModule } from './modules/search';
import { DropsModule } from './modules/drops';
import { PlatformStatsModule } from './modules/platform-stats';

/**
 * The bounded contexts, one Nest module each (`src/modules/<context>/<context>.module.ts`). To add one, import its
 * module class here. Everything platform-wide (config, database, event store, projections, jobs) is global.
 */
const CONTEXT_MODULES: Array<Type | DynamicModule> = [IdentityModule, LedgerModule, RewardsModule, ShopModule, ProgressModule, LeaderboardModule, NotificationsModule, SearchModule, DropsModule, PlatformStatsModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Array<Type | DynamicModule> = []): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(config), CqrsModule.forRoot(), ...CONTEXT_MODULES, ...extraModules],
    };
  }
}
