import { Controller } from '@nestjs/common';
import {
  GOLD_SHOP_CATALOGUE,
  getGoldPurchasesRoute,
  getGoldShopItemsRoute,
  type GoldPurchase,
  type GoldShopItem,
} from '@app/contracts/shop';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { ShopAccounts } from '../infrastructure/shop-accounts';
import { toGoldPurchase } from '../queries/gold-purchase-view';

/** The gold shop's catalogue and the caller's purchases, newest first. */
@Controller()
export class ListGoldShopController {
  constructor(private readonly accounts: ShopAccounts) {}

  @Route(getGoldShopItemsRoute)
  items(): readonly GoldShopItem[] {
    return GOLD_SHOP_CATALOGUE;
  }

  @Route(getGoldPurchasesRoute)
  async purchases(@CurrentUser() caller: AuthenticatedUser): Promise<GoldPurchase[]> {
    const now = new Date().toISOString();
    const { state } = await this.accounts.load(caller.userId);
    return [...state.purchases].reverse().map((record) => toGoldPurchase(record, now));
  }
}
