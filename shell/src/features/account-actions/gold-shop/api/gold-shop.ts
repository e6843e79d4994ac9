import { apiClient, shopKeys } from '@app/platform';
import {
  type GoldItemType,
  type GoldPurchase,
  type GoldShopItem,
  getGoldPurchasesRoute,
  getGoldShopItemsRoute,
  goldPurchaseRoute,
} from '@app/contracts/shop';
import { useQuery } from '@tanstack/react-query';

export type { GoldPurchase, GoldShopItem };

export const SHOP_TABS: { value: GoldItemType; label: string }[] = [
  { value: 'tier_upgrade', label: 'Tier Upgrades' },
  { value: 'boost', label: 'Boosts' },
  { value: 'profile', label: 'Profile' },
];

/** The catalogue as the server prices it (spec 1 §9); what a purchase costs is always the server's price. */
export function useGoldShopItems(enabled = true) {
  return useQuery({
    queryKey: shopKeys.goldItems(),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => apiClient().call(getGoldShopItemsRoute, { signal }),
  });
}

export function useGoldPurchases(enabled = true) {
  return useQuery({
    queryKey: shopKeys.goldPurchases(),
    enabled,
    queryFn: ({ signal }) => apiClient().call(getGoldPurchasesRoute, { signal }),
  });
}

/** Owned = a purchase of that item (by name) that has not expired; a purchase without an expiry is permanent. */
export function isOwned(
  item: Pick<GoldShopItem, 'name'>,
  purchases: readonly Pick<GoldPurchase, 'item_name' | 'expires_at'>[],
  now: Date = new Date(),
): boolean {
  return purchases.some(
    (purchase) =>
      purchase.item_name === item.name &&
      (!purchase.expires_at || new Date(purchase.expires_at).getTime() > now.getTime()),
  );
}

export function purchaseGoldItem(item: GoldShopItem, idempotencyKey: string) {
  return apiClient().call(goldPurchaseRoute, {
    body: {
      item_type: item.type,
      item_name: item.name,
      gold_cost: item.gold_cost,
      effect_data: JSON.stringify(item.effect_data),
    },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
