import { apiClient } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { amountText } from '../../shared/amount';

export type ShopTab = 'tier_upgrades' | 'boosts' | 'profile';

export interface ShopItem {
  tab: ShopTab;
  item_type: string;
  item_name: string;
  description: string;
  gold_cost: number;
  /** Hours the effect lasts; null for permanent. */
  duration_hours: number | null;
  effect_data: Record<string, unknown>;
  icon: string;
}

/**
 * The Gold Shop's catalogue as spec 1 §9 lists it. The server prices and times every purchase from its own copy of
 * this catalogue; the request's gold_cost is informative only.
 */
export const GOLD_SHOP_ITEMS: readonly ShopItem[] = [
  { tab: 'tier_upgrades', item_type: 'tier_upgrade', item_name: 'Premium Upgrade', description: 'Move up to the Premium tier: 1.5x points.', gold_cost: 500, duration_hours: null, effect_data: { tier: 'premium' }, icon: '⭐' },
  { tab: 'tier_upgrades', item_type: 'tier_upgrade', item_name: 'Super Upgrade', description: 'Move up to the Super tier: 2x points.', gold_cost: 1000, duration_hours: null, effect_data: { tier: 'super' }, icon: '🌟' },
  { tab: 'boosts', item_type: 'boost', item_name: '24h Key Multiplier', description: '2x key earnings for 24 hours.', gold_cost: 200, duration_hours: 24, effect_data: { multiplier: 2, target: 'keys' }, icon: '🔑' },
  { tab: 'boosts', item_type: 'boost', item_name: '7-Day XP Boost', description: '3x XP for 7 days.', gold_cost: 300, duration_hours: 168, effect_data: { multiplier: 3, target: 'xp' }, icon: '⚡' },
  { tab: 'profile', item_type: 'badge', item_name: 'Golden Badge', description: 'A golden badge on your profile, for good.', gold_cost: 150, duration_hours: null, effect_data: { badge: 'golden' }, icon: '🏅' },
  { tab: 'profile', item_type: 'profile_boost', item_name: 'Profile Boost', description: 'Your profile is featured for 30 days.', gold_cost: 250, duration_hours: 720, effect_data: { boost: 'profile' }, icon: '🚀' },
];

const purchaseSchema = z
  .object({
    item_name: z.string(),
    item_type: z.string().optional().nullable(),
    expires_at: z.string().optional().nullable(),
    gold_cost: amountText.optional().nullable(),
  })
  .loose();
export type GoldPurchase = z.output<typeof purchaseSchema>;
const purchasesSchema = z.union([z.array(purchaseSchema), z.object({ purchases: z.array(purchaseSchema) }).loose().transform((body) => body.purchases)]);

export const goldPurchasesQueryKey = ['users', 'gold-purchases'] as const;

export function useGoldPurchases(enabled = true) {
  return useQuery({
    queryKey: goldPurchasesQueryKey,
    enabled,
    queryFn: ({ signal }) => apiClient().get('/api/users/gold-purchases', { schema: purchasesSchema, signal }),
  });
}

/** Owned = a purchase of that item (by name) that has not expired; a purchase without an expiry is permanent. */
export function isOwned(item: Pick<ShopItem, 'item_name'>, purchases: readonly GoldPurchase[], now: Date = new Date()): boolean {
  return purchases.some((purchase) => purchase.item_name === item.item_name && (!purchase.expires_at || new Date(purchase.expires_at).getTime() > now.getTime()));
}

export function purchaseGoldItem(item: ShopItem, idempotencyKey: string) {
  return apiClient().post(
    '/api/users/gold-purchase',
    { item_type: item.item_type, item_name: item.item_name, gold_cost: item.gold_cost, effect_data: JSON.stringify(item.effect_data) },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
