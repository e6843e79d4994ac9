import { Body, Controller } from '@nestjs/common';
import {
  BuySharesRequestSchema,
  buySharesRoute,
  MARKET_MESSAGES,
  type BuySharesRequest,
  type BuySharesResponse,
} from '@app/contracts/market';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { newTransactionId } from '../../ledger';
import { MarketCommands } from '../infrastructure/market-commands';
import { idOf } from '../market-ids';

/**
 * Primary purchase (spec 2 §5): from the item's available shares at the market price, paid to the creator. Buys of
 * one item are group-committed (`MarketCommands.buyShares`).
 */
@Controller()
export class BuySharesController {
  constructor(private readonly commands: MarketCommands) {}

  @Route(buySharesRoute)
  buy(
    @IdempotencyKey(buySharesRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(BuySharesRequestSchema)) body: BuySharesRequest,
  ): Promise<BuySharesResponse> {
    const contentId = idOf(body.content_id, 'CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
    // Fixed here, outside the unit of work: a rerun after a version conflict decides the same purchase.
    return this.commands.buyShares({
      contentId,
      buyerId: caller.userId,
      quantity: body.shares_count,
      transactionId: newTransactionId(),
      now: new Date().toISOString(),
      idempotency,
    });
  }
}
