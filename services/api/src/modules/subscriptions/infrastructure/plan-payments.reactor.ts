import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { CheckoutSessionPaidSchema, CheckoutSessionRefundedSchema } from '@app/contracts/payments';
import { PlanDowngradedSchema, findAdvertiserPlan } from '@app/contracts/subscriptions';
import { USER_TIERS } from '@app/contracts/identity';
import { JobsService } from '../../../platform/jobs/jobs.service';
import type { Reaction } from '../../../platform/jobs/reactor';
import type { StoredEvent } from '@app/event-store';
import { ChangeUserTierCommand, getExistingUser } from '../../identity';
import { SubscriptionCommands } from './subscription-commands';

export const APPLY_PLAN_PAYMENT_JOB = 'subscriptions.apply-plan-payment';
export const APPLY_DOWNGRADE_JOB = 'subscriptions.apply-downgrade';
export const REVOKE_PLAN_PAYMENT_JOB = 'subscriptions.revoke-plan-payment';
const RevokePayloadSchema = z.object({ sessionId: z.string(), refundedAt: z.string() });
const DowngradePayloadSchema = z.object({ userId: z.string(), fromTier: z.enum(USER_TIERS) });
const PayloadSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  tier: z.enum(USER_TIERS),
  paidAt: z.string(),
});

/** The job each event calls for: apply a paid plan, revoke a refunded one, or follow a downgrade in identity. */
function planPaymentReactions(event: StoredEvent): Reaction[] {
  if (event.type === 'CheckoutSessionRefunded') {
    const refunded = CheckoutSessionRefundedSchema.safeParse(event.data);
    return refunded.success
      ? [
          {
            jobName: REVOKE_PLAN_PAYMENT_JOB,
            payload: { sessionId: refunded.data.sessionId, refundedAt: refunded.data.refundedAt },
          },
        ]
      : [];
  }
  if (event.type === 'PlanDowngraded') {
    const downgraded = PlanDowngradedSchema.safeParse(event.data);
    return downgraded.success
      ? [
          {
            jobName: APPLY_DOWNGRADE_JOB,
            payload: { userId: downgraded.data.userId, fromTier: downgraded.data.fromTier },
          },
        ]
      : [];
  }
  const parsed = CheckoutSessionPaidSchema.safeParse(event.data);
  if (!parsed.success || parsed.data.kind !== 'plan' || !parsed.data.packageId) return [];
  const plan = findAdvertiserPlan(parsed.data.packageId);
  if (!plan || plan.tier === 'free') return [];
  return [
    {
      jobName: APPLY_PLAN_PAYMENT_JOB,
      payload: {
        userId: parsed.data.userId,
        sessionId: parsed.data.sessionId,
        tier: plan.tier,
        paidAt: parsed.data.paidAt,
      },
    },
  ];
}

/**
 * A paid plan checkout (payments' `CheckoutSessionPaid` with `kind: 'plan'`) becomes a period on the advertiser's
 * subscription stream, once per session whatever the number of webhook deliveries (the stream keeps the applied
 * session ids), then identity's tier is raised to the plan's. Derived from the event log, so a crash between the
 * payment and this job cannot lose a paid upgrade; the job runs at least once and a second run changes nothing.
 */
@Injectable()
export class PlanPaymentsReactor {
  constructor(
    jobs: JobsService,
    commandBus: CommandBus,
    queryBus: QueryBus,
    commands: SubscriptionCommands,
    @Inject(DATABASE_POOL) pool: pg.Pool,
  ) {
    jobs.registerReactor({
      name: 'subscription_plan_payments',
      eventTypes: ['CheckoutSessionPaid', 'PlanDowngraded', 'CheckoutSessionRefunded'],
      react: planPaymentReactions,
      handlers: {
        [APPLY_PLAN_PAYMENT_JOB]: async (payload) => {
          const { userId, sessionId, tier, paidAt } = PayloadSchema.parse(payload);
          await commands.execute(userId, { type: 'ApplyPlanPayment', data: { sessionId, tier, now: paidAt } });
          // Never lowers a tier (a tier bought in the gold shop stays); identity decides the comparison on its stream.
          await commandBus.execute(new ChangeUserTierCommand(userId, tier, 'raise'));
        },
        // A refunded payment of the running plan ends it (a refund of gems or of another session finds nothing here).
        [REVOKE_PLAN_PAYMENT_JOB]: async (payload) => {
          const { sessionId, refundedAt } = RevokePayloadSchema.parse(payload);
          const owner = await pool.query<{ user_id: string }>(
            'SELECT user_id FROM subscription_payments WHERE session_id = $1',
            [sessionId],
          );
          const userId = owner.rows[0]?.user_id;
          if (userId)
            await commands.execute(userId, { type: 'RevokePlanPayment', data: { sessionId, now: refundedAt } });
        },
        // The plan ended: identity's tier falls to free when it is still the plan's (a tier bought otherwise stays).
        [APPLY_DOWNGRADE_JOB]: async (payload) => {
          const { userId, fromTier } = DowngradePayloadSchema.parse(payload);
          const user = await getExistingUser(queryBus, userId);
          if (user.user_tier === fromTier) await commandBus.execute(new ChangeUserTierCommand(userId, 'free', 'set'));
        },
      },
    });
  }
}
