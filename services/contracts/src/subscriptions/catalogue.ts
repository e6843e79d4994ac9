import type { UserTier } from '../identity/users';

/**
 * The advertiser plans (spec 3 §6 tiers) and their prices: the only source of what a plan checkout charges. A client
 * that sends another price gets this one. Prices are whole cents, per month; the free plan never goes through a
 * checkout.
 */
export interface AdvertiserPlan {
  id: UserTier;
  name: string;
  tier: UserTier;
  price_cents: number;
  /** Dollars, as the screens show them. */
  price: number;
  billingInterval: 'month';
  features: string[];
}

const plan = (tier: UserTier, name: string, priceCents: number, features: string[]): AdvertiserPlan => ({
  id: tier,
  name,
  tier,
  price_cents: priceCents,
  price: priceCents / 100,
  billingInterval: 'month',
  features,
});

/** Sorted by price ascending (spec 3 §9). */
export const ADVERTISER_PLANS: readonly AdvertiserPlan[] = Object.freeze([
  plan('free', 'Free', 0, ['Proof drops only', '50 moves and 5 proof drops a month', 'Basic analytics']),
  plan('premium', 'Premium', 4900, [
    '200 moves a week',
    '15 proof drops and 8 paid drops a week',
    'Advanced analytics',
    'Custom targeting',
  ]),
  plan('super', 'Super', 14900, [
    '500 moves a week',
    '25 proof drops and 15 paid drops a week',
    'Premium analytics',
    'Advanced reporting',
  ]),
]);

export function findAdvertiserPlan(id: string): AdvertiserPlan | undefined {
  const wanted = id.trim().toLowerCase();
  return ADVERTISER_PLANS.find((candidate) => candidate.id === wanted);
}

/** A paid plan runs for one month from its payment; a second payment while it runs extends it by a month. */
export const PLAN_PERIOD_DAYS = 30;

/** 'Get More Moves': packages of moves bought by card (MOVES_PURCHASE), prices in whole cents. */
export interface MovesPackage {
  id: string;
  moves: number;
  price_cents: number;
  price: number;
  label: string | null;
}

const moves = (id: string, count: number, priceCents: number, label: string | null = null): MovesPackage => ({
  id,
  moves: count,
  price_cents: priceCents,
  price: priceCents / 100,
  label,
});

export const MOVES_PACKAGES: readonly MovesPackage[] = Object.freeze([
  moves('moves-100', 100, 1000),
  moves('moves-500', 500, 4500, 'Save 10%'),
  moves('moves-1000', 1000, 8000, 'Save 20%'),
]);

export function findMovesPackage(id: string): MovesPackage | undefined {
  const wanted = id.trim().toLowerCase();
  return MOVES_PACKAGES.find((candidate) => candidate.id === wanted);
}
