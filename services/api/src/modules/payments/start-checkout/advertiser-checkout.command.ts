import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { PaymentProviderName, PlanCheckoutResponse } from '@app/contracts/payments';
import { SUBSCRIPTION_MESSAGES, findAdvertiserPlan, findMovesPackage } from '@app/contracts/subscriptions';
import { badRequest, forbidden } from '../../../platform/http/api-error';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { getExistingUser } from '../../identity';
import { CheckoutStarter, type Purchase, type ReturnAddresses } from './checkout-starter';

const MOVES_MINOR = 100n;

/**
 * `commandBus.execute(new StartAdvertiserCheckoutCommand(userId, planOrPackageId, addresses, idempotency))`: a hosted
 * checkout for an advertiser plan (`premium`, `super`) or a moves package (`moves-100` …), priced from the server's
 * catalogue. Used by `POST /api/payments/checkout` and by the subscriptions context's upgrade route.
 */
export class StartAdvertiserCheckoutCommand extends Command<PlanCheckoutResponse> {
  constructor(
    readonly userId: string,
    readonly planId: string,
    readonly addresses: ReturnAddresses,
    readonly idempotency?: IdempotentRequest,
    readonly provider?: PaymentProviderName,
  ) {
    super();
  }
}

@CommandHandler(StartAdvertiserCheckoutCommand)
export class StartAdvertiserCheckoutHandler implements ICommandHandler<
  StartAdvertiserCheckoutCommand,
  PlanCheckoutResponse
> {
  constructor(
    private readonly starter: CheckoutStarter,
    private readonly queryBus: QueryBus,
  ) {}

  async execute(command: StartAdvertiserCheckoutCommand): Promise<PlanCheckoutResponse> {
    const purchase = purchaseOf(command.planId);
    const user = await getExistingUser(this.queryBus, command.userId);
    if (user.user_type !== 'advertiser') throw forbidden(SUBSCRIPTION_MESSAGES.advertisersOnly, 'ADVERTISER_ONLY');
    const state = await this.starter.start(
      command.userId,
      purchase,
      command.addresses,
      command.idempotency,
      command.provider,
    );
    const created = state.created!;
    return {
      status: 'success',
      data: {
        url: created.checkoutUrl,
        session_id: created.sessionId,
        provider: created.provider as PaymentProviderName,
        status: state.status === 'none' ? 'open' : state.status,
        expiresAt: created.expiresAt,
        kind: created.kind as 'plan' | 'moves',
        plan_id: created.packageId ?? command.planId,
        price: created.amountCents / 100,
      },
    };
  }
}

/** The catalogue's price and what the payment buys; the free plan never needs a checkout. */
export function purchaseOf(planId: string): Purchase {
  const plan = findAdvertiserPlan(planId);
  if (plan) {
    if (plan.price_cents === 0)
      throw badRequest('FREE_PLAN_NEEDS_NO_CHECKOUT', SUBSCRIPTION_MESSAGES.freePlanNoCheckout);
    return {
      kind: 'plan',
      packageId: plan.id,
      amountCents: plan.price_cents,
      creditCurrency: 'usd',
      creditMinor: 0n,
      description: `${plan.name} advertiser plan, one month`,
    };
  }
  const movesPackage = findMovesPackage(planId);
  if (movesPackage) {
    return {
      kind: 'moves',
      packageId: movesPackage.id,
      amountCents: movesPackage.price_cents,
      creditCurrency: 'moves',
      creditMinor: BigInt(movesPackage.moves) * MOVES_MINOR,
      description: `${movesPackage.moves} moves`,
    };
  }
  throw badRequest('UNKNOWN_PLAN', SUBSCRIPTION_MESSAGES.unknownPlan);
}
