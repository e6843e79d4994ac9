import { Body, Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  TIER_UPGRADE_COSTS,
  upgradeTierRoute,
  type UpgradeCosts,
  type UpgradeTierRequest,
  type UpgradeTierResponse,
  getUpgradeCostsRoute,
} from '@app/contracts/shop';
import { minorToApiNumber } from '@app/contracts/ledger';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { ShopPurchases } from '../infrastructure/shop-purchases';
import { Route } from '../../../platform/http/route.decorator';

/** GET /api/users/upgrade-costs and POST /api/users/upgrade-tier {target_tier, payment_method}. */
@Controller()
export class UpgradeTierController {
  constructor(
    private readonly purchases: ShopPurchases,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(getUpgradeCostsRoute)
  costs(): UpgradeCosts {
    return TIER_UPGRADE_COSTS as UpgradeCosts;
  }

  @Route(upgradeTierRoute)
  async upgrade(
    @IdempotencyKey(upgradeTierRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(upgradeTierRoute.body)) body: UpgradeTierRequest,
  ): Promise<UpgradeTierResponse> {
    const user = await getExistingUser(this.queryBus, caller.userId);
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    return this.purchases.purchase<UpgradeTierResponse>({
      idempotency,
      userId: caller.userId,
      command: {
        type: 'UpgradeTier',
        data: {
          currentTier: user.user_tier,
          targetTier: body.target_tier,
          paymentMethod: body.payment_method,
          transactionId,
          now,
        },
      },
      respond: ({ events, transactionId: posted }) => {
        const upgrade = events.find((event) => event.type === 'TierUpgradePurchased')!;
        return {
          success: true as const,
          previous_tier: upgrade.data.fromTier,
          user_tier: upgrade.data.toTier,
          payment_method: body.payment_method,
          amount_paid: minorToApiNumber(BigInt(upgrade.data.amountMinor), body.payment_method),
          transaction_id: posted ?? transactionId,
          message: `Upgraded to ${upgrade.data.toTier}`,
        };
      },
    });
  }
}
