import { randomUUID } from 'node:crypto';
import { Body, Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { goldPurchaseRoute, type GoldPurchaseRequest, type GoldPurchaseResponse } from '@app/contracts/shop';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { GetUserBalancesQuery, newTransactionId } from '../../ledger';
import { effectiveTier } from '../domain/shop-account';
import { ShopPurchases, notEnoughGold } from '../infrastructure/shop-purchases';
import { toGoldPurchase } from '../queries/gold-purchase-view';
import { Route } from '../../../platform/http/route.decorator';

/**
 * POST /api/users/gold-purchase: buys a gold shop item at the catalogue's price, its gold leaving through the ledger.
 */
@Controller()
export class BuyGoldItemController {
  constructor(
    private readonly shopPurchases: ShopPurchases,
    private readonly queryBus: QueryBus,
  ) {}

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
      command: {
        type: 'BuyGoldItem',
        data: { itemNameOrId: body.item_name, currentTier: user.user_tier, purchaseId, transactionId, now },
      },
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
