import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ActiveBoostsController, GetActiveBoostsHandler } from './boosts/get-active-boosts.query';
import { GoldShopController } from './gold-shop/gold-shop.controller';
import { ShopAccounts } from './infrastructure/shop-accounts';
import { ShopPurchases } from './infrastructure/shop-purchases';
import { TierChangeReactor } from './infrastructure/tier-change.reactor';
import { UpgradeTierController } from './upgrade-tier/upgrade-tier.controller';

/** The shop: tier upgrades paid in points or gems, the gold shop and the boosts it sells. */
@Module({
  imports: [CqrsModule],
  controllers: [UpgradeTierController, GoldShopController, ActiveBoostsController],
  providers: [ShopAccounts, ShopPurchases, GetActiveBoostsHandler, TierChangeReactor],
})
export class ShopModule {}
