import { apiClient, shopKeys } from '@app/platform';
import { TIER_UPGRADE_COSTS, getUpgradeCostsRoute, upgradeTierRoute } from '@app/contracts/shop';
import { useQuery } from '@tanstack/react-query';
import type { Tier } from '@app/platform';

export type PaymentMethod = 'points' | 'gems';
export interface UpgradeCost {
  points: number;
  gems: number;
}
/** Current tier → target tier → cost. */
export type UpgradeCosts = Readonly<Record<Tier, Partial<Record<Tier, UpgradeCost>>>>;

/** The spec's built-in costs (document 1 §9): shown, and marked as such, only when the server's cannot be loaded. */
export const DEFAULT_UPGRADE_COSTS: UpgradeCosts = TIER_UPGRADE_COSTS;

export interface LoadedUpgradeCosts {
  costs: UpgradeCosts;
  /** True when the server's costs could not be loaded and the spec's built-in costs are shown instead. */
  builtIn: boolean;
}

export function useUpgradeCosts(enabled = true) {
  return useQuery({
    queryKey: shopKeys.upgradeCosts(),
    enabled,
    queryFn: async ({ signal }): Promise<LoadedUpgradeCosts> => {
      try {
        return { costs: await apiClient().call(getUpgradeCostsRoute, { signal }), builtIn: false };
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec 1 §8: an upgrade-cost failure falls back to the built-in costs (and this screen says so).
        return { costs: DEFAULT_UPGRADE_COSTS, builtIn: true };
      }
    },
  });
}

export function upgradeTier(input: { target_tier: Tier; payment_method: PaymentMethod }, idempotencyKey: string) {
  return apiClient().call(upgradeTierRoute, { body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}
