/**
 * The Nest module of every bounded context, for tests that start a part of the application (the application imports
 * each itself, `app.module.ts`). Modules reach each other through their public surfaces (`modules/<context>/index.ts`),
 * which carry no Nest wiring.
 */
export { AdvertisersModule } from './advertisers/advertisers.module';
export { CampaignsModule } from './campaigns/campaigns.module';
export { ContentModule } from './content/content.module';
export { DropsModule } from './drops/drops.module';
export { EngagementModule } from './engagement/engagement.module';
export { ForecastsModule } from './forecasts/forecasts.module';
export { GrowthModule } from './growth/growth.module';
export { IdentityModule } from './identity/identity.module';
export { IncentivesModule } from './incentives/incentives.module';
export { LeaderboardModule } from './leaderboard/leaderboard.module';
export { LedgerModule } from './ledger/ledger.module';
export { MarketModule } from './market/market.module';
export { NotificationsModule } from './notifications/notifications.module';
export { PaymentsModule } from './payments/payments.module';
export { PlatformStatsModule } from './platform-stats/platform-stats.module';
export { ProgressModule } from './progress/progress.module';
export { RewardsModule } from './rewards/rewards.module';
export { SearchModule } from './search/search.module';
export { ShopModule } from './shop/shop.module';
export { SubscriptionsModule } from './subscriptions/subscriptions.module';
export { TelemetryModule } from './telemetry/telemetry.module';
export { WithdrawalsModule } from './withdrawals/withdrawals.module';
