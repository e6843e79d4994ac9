import { Body, Controller, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import {
  SUBSCRIPTION_MESSAGES,
  findAdvertiserPlan,
  upgradeAdvertiserPlanRoute,
  type CancelPlanResponse,
  type PlansResponse,
  type UpgradePlanRequest,
  type UpgradePlanResponse,
  getAdvertiserPlansRoute,
  cancelAdvertiserPlanRoute,
} from '@app/contracts/subscriptions';
import { badRequest, conflict, forbidden } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { ChangeUserTierCommand, getExistingUser } from '../../identity';
import { StartAdvertiserCheckoutCommand } from '../../payments';
import { paidPlanRuns } from '../domain/subscription';
import { SubscriptionCommands } from '../infrastructure/subscription-commands';
import { planView, plansView, subscriptionView } from './subscription-views';
import { Route } from '../../../platform/http/route.decorator';

/**
 * Spec 3 §7's plan calls, served without the /api prefix (bootstrap's UNPREFIXED_ROUTES): the plans, choosing one
 * (a paid plan through a checkout on the payment port; the tier changes when the provider confirms payment), and
 * cancelling a paid plan at the end of its period.
 */
@Controller()
export class ManagePlansController {
  constructor(
    private readonly commands: SubscriptionCommands,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(getAdvertiserPlansRoute)
  async plans(@CurrentUser() caller: AuthenticatedUser): Promise<PlansResponse> {
    const user = await getExistingUser(this.queryBus, caller.userId);
    const { state } = await this.commands.load(caller.userId);
    return {
      status: 'success',
      message: 'Plans loaded',
      data: { plans: plansView(), current_tier: user.user_tier, subscription: subscriptionView(state) },
    };
  }

  /**
   * - a paid plan (premium, super): a checkout at the catalogue's price; the answer carries its address and the
   *   browser goes there. The tier changes once, when the payment webhook confirms (`PlanPaymentsReactor`). Paying
   *   the plan that runs renews it (the period extends from its end).
   * - free: with a paid plan running, it is cancelled at the end of its period (the renewal job downgrades then);
   *   without one (a tier set otherwise), the direct downgrade of the spec's fallback.
   */
  @Route(upgradeAdvertiserPlanRoute)
  async upgrade(
    @IdempotencyKey(upgradeAdvertiserPlanRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(upgradeAdvertiserPlanRoute.body)) body: UpgradePlanRequest,
    @Req() request: FastifyRequest,
  ): Promise<UpgradePlanResponse> {
    const plan = findAdvertiserPlan(body.planId);
    if (!plan) throw badRequest('UNKNOWN_PLAN', SUBSCRIPTION_MESSAGES.unknownPlan);
    const user = await getExistingUser(this.queryBus, caller.userId);
    if (user.user_type !== 'advertiser') throw forbidden(SUBSCRIPTION_MESSAGES.advertisersOnly, 'ADVERTISER_ONLY');
    const now = new Date().toISOString();
    const { state } = await this.commands.load(caller.userId);
    const runs = paidPlanRuns(state, now);

    if (plan.tier === 'free') {
      if (runs && !state.cancelAtPeriodEnd) {
        const outcome = await this.commands.execute(caller.userId, { type: 'CancelPlan', data: { now } });
        return {
          status: 'success',
          message: `Your plan changes to Free on ${outcome.state.paidThrough!.slice(0, 10)}`,
          data: { plan: planView(plan), checkout: null, subscription: subscriptionView(outcome.state) },
        };
      }
      if (runs || user.user_tier === 'free') throw conflict('ALREADY_ON_PLAN', SUBSCRIPTION_MESSAGES.alreadyOnPlan);
      await this.commandBus.execute(new ChangeUserTierCommand(caller.userId, 'free', 'set'));
      return {
        status: 'success',
        message: 'Your plan is now Free',
        data: { plan: planView(plan), checkout: null, subscription: subscriptionView(state) },
      };
    }

    if (runs && state.tier === plan.tier && !state.cancelAtPeriodEnd && user.user_tier === plan.tier)
      throw conflict('ALREADY_ON_PLAN', SUBSCRIPTION_MESSAGES.alreadyOnPlan);
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    const back =
      body.success_url || body.cancel_url
        ? {}
        : { successUrl: `/plans?plan=upgraded&to=${plan.id}`, cancelUrl: '/plans?plan=cancelled' };
    const checkout = await this.commandBus.execute(
      new StartAdvertiserCheckoutCommand(
        caller.userId,
        plan.id,
        { requestOrigin: origin, successUrl: body.success_url, cancelUrl: body.cancel_url, ...back },
        idempotency,
      ),
    );
    return {
      status: 'success',
      message: `Continue to the payment to switch to ${plan.name}`,
      data: {
        plan: planView(plan),
        checkout: {
          url: checkout.data.url,
          session_id: checkout.data.session_id,
          provider: checkout.data.provider,
          status: checkout.data.status,
          expiresAt: checkout.data.expiresAt,
        },
        subscription: subscriptionView(state),
      },
    };
  }

  @Route(cancelAdvertiserPlanRoute)
  async cancel(@CurrentUser() caller: AuthenticatedUser): Promise<CancelPlanResponse> {
    const user = await getExistingUser(this.queryBus, caller.userId);
    if (user.user_type !== 'advertiser') throw forbidden(SUBSCRIPTION_MESSAGES.advertisersOnly, 'ADVERTISER_ONLY');
    const outcome = await this.commands.execute(caller.userId, {
      type: 'CancelPlan',
      data: { now: new Date().toISOString() },
    });
    return {
      status: 'success',
      message: `Your plan stays until ${outcome.state.paidThrough!.slice(0, 10)}, then changes to Free`,
      data: { subscription: subscriptionView(outcome.state) },
    };
  }
}
