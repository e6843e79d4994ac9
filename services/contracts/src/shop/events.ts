import { z } from 'zod';
import { USER_TIERS } from '../identity/users';
import { GOLD_ITEM_TYPES } from './catalogue';

/** Shop event payloads. Stream `shop-account-<userId>`. Amounts are strings of minor units. */
export const TierUpgradePurchasedSchema = z.object({
  userId: z.string(),
  fromTier: z.enum(USER_TIERS),
  toTier: z.enum(USER_TIERS),
  paymentMethod: z.enum(['points', 'gems', 'gold']),
  amountMinor: z.string().regex(/^\d+$/),
  transactionId: z.string(),
  purchasedAt: z.string(),
});
export const GoldItemPurchasedSchema = z.object({
  userId: z.string(),
  purchaseId: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  itemType: z.enum(GOLD_ITEM_TYPES),
  goldCost: z.number().int().min(0),
  effectData: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  expiresAt: z.string().nullable(),
  transactionId: z.string(),
  purchasedAt: z.string(),
});

export const SHOP_EVENT_SCHEMAS = {
  TierUpgradePurchased: TierUpgradePurchasedSchema,
  GoldItemPurchased: GoldItemPurchasedSchema,
} as const;
export type ShopEventType = keyof typeof SHOP_EVENT_SCHEMAS;
export type ShopEvent = {
  [Type in ShopEventType]: { type: Type; data: z.infer<(typeof SHOP_EVENT_SCHEMAS)[Type]> };
}[ShopEventType];
export const SHOP_STREAM_PREFIX = 'shop-account-';
