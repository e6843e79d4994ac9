import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { BuySharesRequestSchema, buySharesRoute, MARKET_MESSAGES, type BuySharesRequest, type BuySharesResponse } from '@app/contracts/market';
import { minorToApiNumber } from '@app/contracts/ledger';
import { notFound, unprocessable } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { primaryAvailable } from '../domain/decide';
import { MarketCommands } from '../infrastructure/market-commands';
import { idOf } from '../market-ids';

const usd = (minor: bigint) => minorToApiNumber(minor, 'usd');

/** Primary purchase (spec 2 §5): from the item's available shares at the market price, paid to the creator. */
@Controller('content')
export class BuySharesController {
  constructor(private readonly commands: MarketCommands) {}

  @Post('buy-shares')
  @HttpCode(200)
  buy(
    @IdempotencyKey(buySharesRoute.path) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser, @Body(new ZodValidationPipe(BuySharesRequestSchema)) body: BuySharesRequest): Promise<BuySharesResponse> {
    const contentId = idOf(body.content_id, 'CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
    const now = new Date().toISOString();
    const transactionId = newTransactionId();
    let shares = { totalShares: 0, engagementPool: 0 };
    return this.commands.run({ idempotency,
      contentId,
      reasonCode: 'SHARE_PURCHASE',
      description: `${body.shares_count} shares bought`,
      transactionId,
      now,
      moneyRefusal: (refusal) => (refusal === 'BALANCE_MUST_COVER_AMOUNT' ? unprocessable('INSUFFICIENT_BALANCE', MARKET_MESSAGES.insufficient(body.shares_count)) : undefined),
      prepare: async (unit) => {
        const content = await this.commands.content(contentId, unit.transaction);
        if (!content) throw notFound('CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
        const facts = {
          creatorId: content.creatorId,
          status: content.status,
          totalShares: content.totalShares,
          engagementPool: content.engagementSharesTotal,
          fundingUsdMinor: await this.commands.fundingUsdMinor(contentId, unit.transaction),
        };
        shares = facts;
        return {
          command: { type: 'BuyShares', data: { buyerId: caller.userId, content: facts, quantity: body.shares_count, transactionId, now } },
          context: { contentId, contentTitle: content.title, contentThumbnail: null, message: null },
        };
      },
      answer: (decision, market) => {
        const owned = (market.state.owned[caller.userId] ?? 0) + body.shares_count;
        return {
          success: true as const,
          transaction_id: transactionId,
          content_id: contentId,
          shares_count: body.shares_count,
          share_price: usd(decision.priceMinor),
          total_cost: usd(decision.totalMinor),
          available_shares: primaryAvailable(market.state, shares) - body.shares_count,
          owned_shares: owned,
        };
      },
    });
  }
}
