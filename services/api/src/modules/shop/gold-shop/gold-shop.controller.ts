import { randomUUID } from 'node:crypto';
import { Body, Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  GOLD_SHOP_CATALOGUE,
  goldPurchaseRoute,
  type GoldPurchase,
  type GoldPurchaseRequest,
  type GoldPurchaseResponse,
  type GoldShopItem,
  getGoldShopItemsRoute,
  getGoldPurchasesRoute,
} from '@app/contracts/shop';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { GetUserBalancesQuery, newTransactionId } from '../../ledger';
import { effectiveTier, isActive, type GoldPurchaseRecord } from '../domain/shop-account';
import { ShopAccounts } from '../infrastructure/shop-accounts';
import { ShopPurchases, notEnoughGold } from '../infrastructure/shop-purchases';
import { Route } from '../../../platform/http/route.decorator';

export function toGoldPurchase(record: GoldPurchaseRecord, now: string): GoldPurchase {
  return {
    id: record.purchaseId,
    item_id: record.item.id,
    item_name: record.item.name,
    item_type: record.item.type,
    gold_cost: record.item.gold_cost,
    effect_data: record.item.effect_data,
    purchased_at: record.purchasedAt,
    expires_at: record.expiresAt,
    is_active: isActive(record, now),
  };
}

/** The gold shop: catalogue, the user's purchases and buying at the catalogue's price. */
@Controller()
export class GoldShopController {
  constructor(
    private readonly shopPurchases: ShopPurchases,
    private readonly accounts: ShopAccounts,
    private readonly queryBus: QueryBus,
  ) {}

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

  @Route(goldPurchaseRoute)
  async purchase(
    @IdempotencyKey(goldPurchaseRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(goldPurchaseRoute.body)) body: GoldPurchaseRequest,
  ): Promise<GoldPurchaseResponse> {
    const user = await getExistingUser(this.queryBus, caller.userId);
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    const purchaseId = randomUUID();
    const result = await this.shopPurchases.purchase<Omit<GoldPurchaseResponse, 'gold_collected'>>({
      idempotency,
      userId: caller.userId,
      // Only the item decides the purchase; the client's price and effect fields do not make it another request.
      idempotencyBody: { item_name: body.item_name.trim().toLowerCase() },
      command: { type: 'BuyGoldItem', data: { itemNameOrId: body.item_name, currentTier: user.user_tier, purchaseId, transactionId, now } },
      ledgerRefusal: notEnoughGold,
      respond: ({ state }) => {
        const record = state.purchases.at(-1)!;
        return {
          success: true as const,
          purchase: toGoldPurchase(record, now),
          user_tier: effectiveTier(state, user.user_tier),
          message: `${record.item.name} purchased`,
        };
      },
    });
    const balances = await this.queryBus.execute(new GetUserBalancesQuery(caller.userId));
    return { ...result, gold_collected: balances.gold_collected };
  }
}
