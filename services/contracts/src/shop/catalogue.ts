import type { UserTier } from '../identity/users';

/** Upgrade costs (spec 1 §9): current tier → target tier → {points, gems}. Only upward moves exist. */
export const TIER_UPGRADE_COSTS: Readonly<
  Record<UserTier, Partial<Record<UserTier, { points: number; gems: number }>>>
> = Object.freeze({
  free: { premium: { points: 7500, gems: 200 }, super: { points: 15000, gems: 450 } },
  premium: { super: { points: 9000, gems: 275 } },
  super: {},
});

export const TIER_ORDER: Readonly<Record<UserTier, number>> = Object.freeze({ free: 0, premium: 1, super: 2 });

export const GOLD_ITEM_TYPES = ['tier_upgrade', 'boost', 'profile'] as const;
export type GoldItemType = (typeof GOLD_ITEM_TYPES)[number];

export interface GoldShopItem {
  id: string;
  name: string;
  type: GoldItemType;
  description: string;
  gold_cost: number;
  /** null: permanent. */
  duration_hours: number | null;
  effect_data: Record<string, string | number | boolean>;
}

/** The gold shop's catalogue (spec 1 §9). Prices and durations come from here, never from a request. */
const CATALOGUE: GoldShopItem[] = [
  {
    id: 'premium_upgrade',
    name: 'Premium Upgrade',
    type: 'tier_upgrade',
    description: 'Upgrade to the premium tier',
    gold_cost: 500,
    duration_hours: null,
    effect_data: { tier: 'premium' },
  },
  {
    id: 'super_upgrade',
    name: 'Super Upgrade',
    type: 'tier_upgrade',
    description: 'Upgrade to the super tier',
    gold_cost: 1000,
    duration_hours: null,
    effect_data: { tier: 'super' },
  },
  {
    id: 'key_multiplier_24h',
    name: '24h Key Multiplier',
    type: 'boost',
    description: '2x key earnings for 24 hours',
    gold_cost: 200,
    duration_hours: 24,
    effect_data: { multiplier: 2, applies_to: 'keys' },
  },
  {
    id: 'xp_boost_7d',
    name: '7-Day XP Boost',
    type: 'boost',
    description: '3x XP for 7 days',
    gold_cost: 300,
    duration_hours: 168,
    effect_data: { multiplier: 3, applies_to: 'xp' },
  },
  {
    id: 'golden_badge',
    name: 'Golden Badge',
    type: 'profile',
    description: 'A golden badge on your profile, forever',
    gold_cost: 150,
    duration_hours: null,
    effect_data: { badge: 'golden' },
  },
  {
    id: 'profile_boost_30d',
    name: 'Profile Boost',
    type: 'profile',
    description: 'Your profile ranks first in search for 30 days',
    gold_cost: 250,
    duration_hours: 720,
    effect_data: { boost: 'profile', applies_to: 'search' },
  },
];
export const GOLD_SHOP_CATALOGUE: readonly GoldShopItem[] = Object.freeze(CATALOGUE);

/** Finds an item by id or by name (any case, surrounding spaces ignored). */
export function findGoldShopItem(nameOrId: string): GoldShopItem | undefined {
  const wanted = nameOrId.trim().toLowerCase();
  return GOLD_SHOP_CATALOGUE.find((item) => item.id === wanted || item.name.toLowerCase() === wanted);
}
