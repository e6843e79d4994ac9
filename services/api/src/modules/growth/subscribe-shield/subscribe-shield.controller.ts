import { Body, Controller, Param } from '@nestjs/common';
import {
  cancelShieldRoute,
  fileClaimRoute,
  getMyShieldRoute,
  getShieldPoliciesRoute,
  GROWTH_MESSAGES,
  subscribeShieldRoute,
  type FileClaimRequest,
  type MyShieldResponse,
  type ShieldPolicy,
  type SubscribeResponse,
} from '@app/contracts/growth';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { GrowthCatalogueService } from '../config/growth-catalogue';
import { latestSubscription } from '../domain/shield';
import { toClaim, toPolicy, toSubscription } from '../growth-views';
import { GrowthFacts } from '../infrastructure/growth-facts';
import { ShieldAccounts } from '../infrastructure/growth-streams';
import { ShieldService } from '../infrastructure/shield.service';

/** Social Shield: policies (configuration), the user's subscription, subscribe, cancel and claims. */
@Controller()
export class SubscribeShieldController {
  constructor(
    private readonly catalogue: GrowthCatalogueService,
    private readonly shield: ShieldService,
    private readonly accounts: ShieldAccounts,
    private readonly facts: GrowthFacts,
  ) {}

  @Route(getShieldPoliciesRoute)
  policies(): ShieldPolicy[] {
    return this.catalogue.catalogue.policies.map(toPolicy);
  }

  @Route(getMyShieldRoute)
  async mine(@CurrentUser() caller: AuthenticatedUser): Promise<MyShieldResponse> {
    const [{ state }, followers] = await Promise.all([
      this.accounts.load(caller.userId),
      this.facts.verifiedFollowers(caller.userId),
    ]);
    const subscription = latestSubscription(state);
    return {
      subscription: subscription ? toSubscription(subscription) : null,
      verified_follower_count: followers,
      claims: [...state.claims].reverse().map((claim) => toClaim(claim, caller.userId)),
    };
  }

  @Route(subscribeShieldRoute)
  async subscribe(
    @IdempotencyKey(subscribeShieldRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(subscribeShieldRoute.body)) body: { policy_id: string },
  ): Promise<SubscribeResponse> {
    const policy = this.catalogue.policy(body.policy_id);
    if (!policy) throw notFound('UNKNOWN_POLICY', GROWTH_MESSAGES.unknownPolicy);
    const [user, followers] = await Promise.all([
      this.facts.user(caller.userId),
      this.facts.verifiedFollowers(caller.userId),
    ]);
    const outcome = await this.shield.subscribe(
      caller.userId,
      policy,
      followers,
      user.is_demo ? 'demo' : 'real',
      new Date().toISOString(),
      idempotency,
    );
    return {
      success: true,
      subscription: outcome.subscription!,
      transaction_id: outcome.transactionId!,
      message: `Subscribed to ${policy.name}`,
    };
  }

  @Route(cancelShieldRoute)
  async cancel(
    @IdempotencyKey(cancelShieldRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') subscriptionId: string,
  ) {
    const user = await this.facts.user(caller.userId);
    const outcome = await this.shield.cancel(
      caller.userId,
      subscriptionId,
      user.is_demo ? 'demo' : 'real',
      new Date().toISOString(),
      idempotency,
    );
    const subscription = outcome.subscription!;
    return {
      success: true as const,
      subscription,
      message: `Cancelled: coverage continues until ${subscription.period_end}`,
    };
  }

  @Route(fileClaimRoute)
  async fileClaim(
    @IdempotencyKey(fileClaimRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(fileClaimRoute.body)) body: FileClaimRequest,
  ) {
    const user = await this.facts.user(caller.userId);
    const outcome = await this.shield.fileClaim(
      caller.userId,
      {
        incidentType: body.incident_type,
        occurredAt: new Date(body.occurred_at).toISOString(),
        description: body.description,
        evidenceUrl: body.evidence_url,
        now: new Date().toISOString(),
      },
      user.is_demo ? 'demo' : 'real',
      idempotency,
    );
    return {
      success: true as const,
      claim: outcome.claim!,
      message: 'Claim filed: an admin will review it; approved payouts arrive in 5-10 business days',
    };
  }
}
