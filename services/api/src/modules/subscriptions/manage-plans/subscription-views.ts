import {
  ADVERTISER_PLANS,
  type AdvertiserPlan,
  type AdvertiserPlanView,
  type SubscriptionStatusView,
} from '@app/contracts/subscriptions';
import { paidPlanRuns, type SubscriptionState } from '../domain/subscription';

export const planView = (plan: AdvertiserPlan): AdvertiserPlanView => ({
  id: plan.id,
  name: plan.name,
  tier: plan.tier,
  price: plan.price,
  price_cents: plan.price_cents,
  billingInterval: plan.billingInterval,
  features: [...plan.features],
});

/** Sorted by price ascending (spec 3 §9), whatever order the catalogue holds. */
export const plansView = () => [...ADVERTISER_PLANS].sort((a, b) => a.price_cents - b.price_cents).map(planView);

export function subscriptionView(state: SubscriptionState, now = new Date().toISOString()): SubscriptionStatusView {
  const runs = paidPlanRuns(state, now);
  return {
    tier: runs ? state.tier : 'free',
    paid_through: runs ? state.paidThrough : null,
    cancel_at_period_end: runs && state.cancelAtPeriodEnd,
  };
}
