import { apiClient } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { amountText } from '../../shared/amount';
import { TIERS, type Tier } from '../../shared/tier';

export type PaymentMethod = 'points' | 'gems';
export interface UpgradeCost {
  points: string;
  gems: string;
}
/** Current tier → target tier → cost. */
export type UpgradeCosts = Partial<Record<Tier, Partial<Record<Tier, UpgradeCost>>>>;

/** The spec's built-in costs (document 1 §9): shown, and marked as such, only when the server's cannot be loaded. */
export const DEFAULT_UPGRADE_COSTS: UpgradeCosts = {
  free: { premium: { points: '7500', gems: '200' }, super: { points: '15000', gems: '450' } },
  premium: { super: { points: '9000', gems: '275' } },
  super: {},
};

const costSchema = z.object({ points: amountText, gems: amountText });
const tierMapSchema = z.record(z.string(), z.record(z.string(), costSchema));
const upgradeCostsSchema = z
  .union([z.object({ costs: tierMapSchema }).loose().transform((body) => body.costs), z.object({ upgrade_costs: tierMapSchema }).loose().transform((body) => body.upgrade_costs), tierMapSchema])
  .transform((map): UpgradeCosts => {
    const costs: UpgradeCosts = {};
    for (const from of TIERS) {
      const targets = map[from];
      if (!targets) continue;
      costs[from] = {};
      for (const to of TIERS) if (targets[to]) costs[from]![to] = targets[to];
    }
    return costs;
  });

export interface LoadedUpgradeCosts {
  costs: UpgradeCosts;
  /** True when the server's costs could not be loaded and the spec's built-in costs are shown instead. */
  builtIn: boolean;
}

export const upgradeCostsQueryKey = ['users', 'upgrade-costs'] as const;

export function useUpgradeCosts(enabled = true) {
  return useQuery({
    queryKey: upgradeCostsQueryKey,
    enabled,
    queryFn: async ({ signal }): Promise<LoadedUpgradeCosts> => {
      try {
        return { costs: await apiClient().get('/api/users/upgrade-costs', { schema: upgradeCostsSchema, signal }), builtIn: false };
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec 1 §8: an upgrade-cost failure falls back to the built-in costs (and this screen says so).
        return { costs: DEFAULT_UPGRADE_COSTS, builtIn: true };
      }
    },
  });
}

export function upgradeTier(input: { target_tier: Tier; payment_method: PaymentMethod }, idempotencyKey: string) {
  return apiClient().post('/api/users/upgrade-tier', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}
