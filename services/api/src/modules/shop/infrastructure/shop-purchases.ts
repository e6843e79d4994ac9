import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ShopEvent } from '@app/contracts/shop';
import { SHOP_MESSAGES } from '@app/contracts/shop';
import type { ApiError } from '../../../platform/http/api-error';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { refusalToApiError, type LedgerRefusal } from '../../ledger';
import { decide, type ShopAccountState, type ShopCommand } from '../domain/shop-account';
import { shopRefusalToApiError } from '../shop-refusals';
import { ShopAccounts, shopAccountStreams } from './shop-accounts';
import { raiseTier } from './tier-change.reactor';

export interface ShopPurchase<Body> {
  userId: string;
  command: ShopCommand;
  /** The route's `Idempotency-Key` (`@IdempotencyKey`), recorded with the purchase. */
  idempotency?: IdempotentRequest;
  /** What tells a replay of the same purchase from another one (default: the whole request). */
  idempotencyBody?: unknown;
  ledgerRefusal?: (refusal: LedgerRefusal) => ApiError;
  respond: (outcome: { events: ShopEvent[]; state: ShopAccountState; transactionId: string | null }) => Body;
}

/**
 * A purchase through the use-case runner: the shop event and the payment the decider decided in one append (expected
 * versions on both streams), then identity is told about a tier change. The tier command runs after the commit because
 * identity owns its own store; a failure there is logged and the tier-change reactor applies it from the event.
 */
@Injectable()
export class ShopPurchases {
  private readonly logger = new Logger('Shop');

  constructor(
    private readonly accounts: ShopAccounts,
    private readonly runner: UseCaseRunner,
    private readonly commandBus: CommandBus,
  ) {}

  async purchase<Body>(request: ShopPurchase<Body>): Promise<Body> {
    let upgradedTo: Extract<ShopEvent, { type: 'TierUpgradePurchased' }> | undefined;
    const body = await this.runner.run<Body>({
      lockKeys: [shopAccountStreams.streamId(request.userId)],
      idempotency: request.idempotency,
      idempotencyBody: request.idempotencyBody,
      decide: async (unit) => {
        const loaded = await this.accounts.load(request.userId, unit.transaction);
        const decision = decide(request.command, loaded.state);
        if (decision.kind === 'refused') throw shopRefusalToApiError(decision.refusal);
        upgradedTo = decision.events.find(
          (event): event is Extract<ShopEvent, { type: 'TierUpgradePurchased' }> =>
            event.type === 'TierUpgradePurchased',
        );
        const state = shopAccountStreams.advance(loaded, decision.events);
        return {
          appends: shopAccountStreams.appendOf(loaded, decision.events),
          money: decision.money,
          answer: (transactionId) => request.respond({ events: decision.events, state, transactionId }),
        };
      },
      moneyRefusal: request.ledgerRefusal ? (refusal) => request.ledgerRefusal!(refusal as LedgerRefusal) : undefined,
    });
    if (upgradedTo) {
      const toTier = upgradedTo.data.toTier;
      await raiseTier(this.commandBus, request.userId, toTier).catch((error: Error) => {
        this.logger.error(`Tier change of ${request.userId} to ${toTier} failed after payment: ${error.message}`);
      });
    }
    return body;
  }
}

export const notEnoughGold = (refusal: LedgerRefusal): ApiError =>
  refusal === 'BALANCE_MUST_COVER_AMOUNT'
    ? shopRefusalToApiError('NOT_ENOUGH_GOLD')
    : refusalToApiError(refusal, SHOP_MESSAGES.purchaseFailed);
