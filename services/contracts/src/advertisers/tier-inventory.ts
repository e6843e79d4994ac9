import type { UserTier } from '../identity/users';

/**
 * What each advertiser tier may create (spec 3 §6), enforced by the contexts that create the things counted:
 * drops counts proof and paid drops per period, the moves allowance is credited to the advertiser's moves
 * balance once per period (so a campaign cannot spend more than the allowance plus bought moves). The dashboard
 * shows the same figures.
 */
export interface TierInventory {
  /** How often the allowance renews: free tiers monthly, paid tiers weekly (spec 3 §6). */
  period: 'month' | 'week';
  movesPerPeriod: number;
  proofDropsPerPeriod: number;
  /** 0: the tier may not create paid drops at all (free: "proof drops only"). */
  paidDropsPerPeriod: number;
}

export const TIER_INVENTORY: Readonly<Record<UserTier, TierInventory>> = {
  free: { period: 'month', movesPerPeriod: 50, proofDropsPerPeriod: 5, paidDropsPerPeriod: 0 },
  premium: { period: 'week', movesPerPeriod: 200, proofDropsPerPeriod: 15, paidDropsPerPeriod: 8 },
  super: { period: 'week', movesPerPeriod: 500, proofDropsPerPeriod: 25, paidDropsPerPeriod: 15 },
};

/** The UTC start of the inventory period that contains `at`: the 1st of the month, or Monday 00:00 UTC. */
export function inventoryPeriodStart(period: TierInventory['period'], at: Date): Date {
  if (period === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const daysSinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - daysSinceMonday));
}

/** The UTC start of the next period after the one that contains `at`. */
export function inventoryPeriodEnd(period: TierInventory['period'], at: Date): Date {
  const start = inventoryPeriodStart(period, at);
  if (period === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000);
}
