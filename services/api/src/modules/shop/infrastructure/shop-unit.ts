import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ShopEvent } from '@app/contracts/src/shop';
import { SHOP_MESSAGES } from '@app/contracts/src/shop';
import type { ApiError } from '../../../platform/http/api-error';
import { IdempotencyService, LedgerExecutor, refusalToApiError, type LedgerCommand, type LedgerRefusal } from '../../ledger';
import { decide, type ShopAccountState, type ShopCommand } from '../domain/shop-account';
import { shopRefusalToApiError } from '../shop-errors';
import { ShopAccounts, shopAccountStreams } from './shop-accounts';
import { raiseTier } from './tier-change.reactor';

export interface ShopUnitRequest<Body> {
  userId: string;
  scope: string;
  idempotencyKey: string | undefined;
  requestBody: unknown;
  command: ShopCommand;
  payment: (events: ShopEvent[]) => LedgerCommand;
  ledgerRefusal?: (refusal: LedgerRefusal) => ApiError;
  respond: (outcome: { events: ShopEvent[]; state: ShopAccountState; transactionId: string | null }) => Body;
}

/**
 * A purchase as one unit of work: the shop event and the ledger payment in one append (expected versions on both
 * streams), then identity is told about a tier change. The tier command runs after the commit because identity
 * owns its own store; a failure there is logged and the tier-change reactor applies it from the event.
 */
@Injectable()
export class ShopUnit {
  private readonly logger = new Logger('Shop');

  constructor(
    private readonly accounts: ShopAccounts,
    private readonly ledger: LedgerExecutor,
    private readonly idempotency: IdempotencyService,
    private readonly commandBus: CommandBus,
  ) {}

  async run<Body>(request: ShopUnitRequest<Body>): Promise<{ body: Body; replayed: boolean }> {
    let upgradedTo: Extract<ShopEvent, { type: 'TierUpgradePurchased' }> | undefined;
    const result = await this.idempotency.run<Body>(
      { scope: `${request.scope}:${request.userId}`, key: request.idempotencyKey, body: request.requestBody },
      async (unit) => {
        const loaded = await this.accounts.load(request.userId, unit.transaction);
        const decision = decide(request.command, loaded.state);
        if (decision.kind === 'refused') throw shopRefusalToApiError(decision.refusal);
        const outcome = await this.ledger.executeWithin(request.payment(decision.events), unit, shopAccountStreams.appendOf(loaded, decision.events));
        if (outcome.kind === 'refused') throw (request.ledgerRefusal ?? refusalToApiError)(outcome.refusal);
        upgradedTo = decision.events.find((event): event is Extract<ShopEvent, { type: 'TierUpgradePurchased' }> => event.type === 'TierUpgradePurchased');
        const state = shopAccountStreams.advance(loaded, decision.events);
        return { status: 200, body: request.respond({ events: decision.events, state, transactionId: outcome.transactionId }) };
      },
      { lockKeys: [shopAccountStreams.streamId(request.userId)] },
    );
    if (upgradedTo) {
      const toTier = upgradedTo.data.toTier;
      await raiseTier(this.commandBus, request.userId, toTier).catch((error: Error) => {
        this.logger.error(`Tier change of ${request.userId} to ${toTier} failed after payment: ${error.message}`);
      });
    }
    return { body: result.body, replayed: result.replayed };
  }
}

export const notEnoughGold = (refusal: LedgerRefusal): ApiError =>
  refusal === 'BALANCE_MUST_COVER_AMOUNT' ? shopRefusalToApiError('NOT_ENOUGH_GOLD') : refusalToApiError(refusal, SHOP_MESSAGES.purchaseFailed);
