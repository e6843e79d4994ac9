import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BuyGoldItemController } from './buy-gold-item/buy-gold-item.controller';
import { ShopAccounts } from './infrastructure/shop-accounts';
import { ShopPurchases } from './infrastructure/shop-purchases';
import { TierChangeReactor } from './infrastructure/tier-change.reactor';
import { ListGoldShopController } from './list-gold-shop/list-gold-shop.controller';
import { GetActiveBoostsHandler } from './queries/get-active-boosts.query';
import { ReadActiveBoostsController } from './read-active-boosts/read-active-boosts.controller';
import { UpgradeTierController } from './upgrade-tier/upgrade-tier.controller';

/** The shop: tier upgrades paid in points or gems, the gold shop and the boosts it sells. */
@Module({
  imports: [CqrsModule],
  controllers: [UpgradeTierController, ListGoldShopController, BuyGoldItemController, ReadActiveBoostsController],
  providers: [ShopAccounts, ShopPurchases, GetActiveBoostsHandler, TierChangeReactor],
})
export class ShopModule {}
