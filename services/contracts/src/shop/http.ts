import { z } from 'zod';
import { amountField } from '../ledger/currency';
import { USER_TIERS } from '../identity/users';
import { GOLD_ITEM_TYPES } from './catalogue';
import { SHOP_MESSAGES } from './messages';

const Cost = z.object({ points: z.number(), gems: z.number() });
export const UpgradeCostsSchema = z
  .object({
    free: z.object({ premium: Cost, super: Cost }),
    premium: z.object({ super: Cost }),
    super: z.object({}),
  })
  .meta({ id: 'UpgradeCosts', description: 'current tier → target tier → {points, gems}' });
export type UpgradeCosts = z.infer<typeof UpgradeCostsSchema>;

export const UpgradeTierRequestSchema = z.object({
  target_tier: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['premium', 'super'], { error: SHOP_MESSAGES.targetTierRequired }),
  ),
  payment_method: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['points', 'gems'], { error: SHOP_MESSAGES.paymentMethodRequired }),
  ),
});
export type UpgradeTierRequest = z.infer<typeof UpgradeTierRequestSchema>;

export const UpgradeTierResponseSchema = z.object({
  success: z.literal(true),
  previous_tier: z.enum(USER_TIERS),
  user_tier: z.enum(USER_TIERS),
  payment_method: z.enum(['points', 'gems']),
  amount_paid: z.number(),
  transaction_id: z.string(),
  message: z.string(),
});
export type UpgradeTierResponse = z.infer<typeof UpgradeTierResponseSchema>;

export const GoldShopItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(GOLD_ITEM_TYPES),
  description: z.string(),
  gold_cost: z.number(),
  duration_hours: z.number().nullable(),
  effect_data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export const GoldShopCatalogueSchema = z.array(GoldShopItemSchema);

export const GoldPurchaseSchema = z
  .object({
    id: z.string(),
    item_id: z.string(),
    item_name: z.string(),
    item_type: z.enum(GOLD_ITEM_TYPES),
    gold_cost: z.number(),
    effect_data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    purchased_at: z.string(),
    /** null: permanent. */
    expires_at: z.string().nullable(),
    is_active: z.boolean(),
  })
  .meta({ id: 'GoldPurchase' });
export type GoldPurchase = z.infer<typeof GoldPurchaseSchema>;
export const GoldPurchasesResponseSchema = z.array(GoldPurchaseSchema);

/**
 * The screen sends item_type, item_name, gold_cost and effect_data (JSON text). Only the item's name (or id) is
 * used: the price, duration and effect come from the catalogue.
 */
export const GoldPurchaseRequestSchema = z.object({
  item_name: z.string({ error: SHOP_MESSAGES.unknownItem }).trim().min(1, SHOP_MESSAGES.unknownItem).max(100),
  item_type: z.string().optional(),
  /** Informational (the catalogue's price is charged), but still an amount: whole gold, 0 to 1,000,000. */
  gold_cost: amountField({ label: 'gold_cost', currency: 'gold', max: 1_000_000 }).optional(),
  effect_data: z.unknown().optional(),
});
export type GoldPurchaseRequest = z.infer<typeof GoldPurchaseRequestSchema>;

export const GoldPurchaseResponseSchema = z.object({
  success: z.literal(true),
  purchase: GoldPurchaseSchema,
  gold_collected: z.number(),
  user_tier: z.enum(USER_TIERS),
  message: z.string(),
});
export type GoldPurchaseResponse = z.infer<typeof GoldPurchaseResponseSchema>;

export const ActiveBoostsSchema = z.object({
  /** 2 while a 24h Key Multiplier runs, else 1: keys earned are multiplied by it. */
  key_multiplier: z.number(),
  /** 3 while a 7-Day XP Boost runs, else 1. */
  xp_multiplier: z.number(),
  has_golden_badge: z.boolean(),
  profile_boost_until: z.string().nullable(),
  key_multiplier_until: z.string().nullable(),
  xp_boost_until: z.string().nullable(),
});
export type ActiveBoosts = z.infer<typeof ActiveBoostsSchema>;
