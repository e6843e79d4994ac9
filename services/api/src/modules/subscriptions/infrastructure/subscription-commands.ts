import { Injectable } from '@nestjs/common';
import type { TransactionHandle } from '@app/event-store';
import { SUBSCRIPTION_MESSAGES, type SubscriptionEvent } from '@app/contracts/subscriptions';
import { conflict } from '../../../platform/http/api-error';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import {
  decideSubscription,
  type SubscriptionCommand,
  type SubscriptionRefusal,
  type SubscriptionState,
} from '../domain/subscription';
import { Subscriptions, subscriptionStreams } from './subscription-streams';

export type SubscriptionOutcome = {
  kind: 'recorded' | 'duplicate';
  state: SubscriptionState;
  events: SubscriptionEvent[];
};

export function subscriptionRefusalError(refusal: SubscriptionRefusal) {
  switch (refusal) {
    case 'PLAN_MUST_BE_PAID':
      return conflict('FREE_PLAN_NEEDS_NO_CHECKOUT', SUBSCRIPTION_MESSAGES.freePlanNoCheckout);
    case 'PAID_PLAN_MUST_RUN':
      return conflict('NOT_SUBSCRIBED', SUBSCRIPTION_MESSAGES.notSubscribed);
    case 'PLAN_MUST_NOT_BE_CANCELLED':
      return conflict('ALREADY_CANCELLED', SUBSCRIPTION_MESSAGES.alreadyCancelled);
  }
}

/**
 * Every change to a subscription through the use-case runner: the stream's events with its expected version, the
 * allowance's ledger credit in the same append, and the `subscription_periods` row the renewal job scans, in the
 * same transaction.
 */
@Injectable()
export class SubscriptionCommands {
  constructor(
    private readonly subscriptions: Subscriptions,
    private readonly runner: UseCaseRunner,
  ) {}

  load(userId: string) {
    return this.subscriptions.load(userId);
  }

  async execute(
    userId: string,
    command: SubscriptionCommand,
    idempotency?: IdempotentRequest,
  ): Promise<SubscriptionOutcome> {
    return this.runner.run<SubscriptionOutcome>({
      lockKeys: [subscriptionStreams.streamId(userId)],
      idempotency,
      decide: async (unit) => {
        const loaded = await this.subscriptions.load(userId, unit.transaction);
        const decision = decideSubscription(command, loaded.state);
        if (decision.kind === 'refused') throw subscriptionRefusalError(decision.refusal);
        if (decision.kind === 'duplicate')
          return { appends: [], answer: () => ({ kind: 'duplicate', state: loaded.state, events: [] }) };
        const state = subscriptionStreams.advance(loaded, decision.events);
        if (decision.events.some((event) => event.type !== 'MovesAllowanceCredited'))
          await writePeriod(unit.transaction, state);
        for (const event of decision.events) {
          if (event.type === 'PlanPaymentApplied') {
            await unit.transaction.query(
              `INSERT INTO subscription_payments (session_id, user_id) VALUES ($1, $2)
               ON CONFLICT (session_id) DO NOTHING`,
              [event.data.sessionId, userId],
            );
          }
        }
        const credited = decision.events.find((event) => event.type === 'MovesAllowanceCredited');
        if (credited) {
          await unit.transaction.query(
            `INSERT INTO subscription_allowance_users (user_id, last_period_key, credited_at) VALUES ($1, $2, $3)
             ON CONFLICT (user_id) DO UPDATE SET last_period_key = excluded.last_period_key,
               credited_at = excluded.credited_at`,
            [userId, credited.data.periodKey, credited.data.at],
          );
        }
        return {
          appends: subscriptionStreams.appendOf(loaded, decision.events),
          money: decision.money,
          answer: () => ({ kind: 'recorded', state, events: decision.events }),
        };
      },
    });
  }
}

async function writePeriod(transaction: TransactionHandle, state: SubscriptionState): Promise<void> {
  await transaction.query(
    `INSERT INTO subscription_periods (user_id, tier, paid_through, cancel_at_period_end, updated_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, paid_through = excluded.paid_through,
       cancel_at_period_end = excluded.cancel_at_period_end, updated_at = now()`,
    [state.userId, state.tier, state.paidThrough, state.cancelAtPeriodEnd],
  );
}
