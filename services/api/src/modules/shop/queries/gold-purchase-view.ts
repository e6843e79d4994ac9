import type { GoldPurchase } from '@app/contracts/shop';
import { isActive, type GoldPurchaseRecord } from '../domain/shop-account';

/** A purchase on the user's shop stream as the screens show it (active while its boost lasts). */
export function toGoldPurchase(record: GoldPurchaseRecord, now: string): GoldPurchase {
  return {
    id: record.purchaseId,
    item_id: record.item.id,
    item_name: record.item.name,
    item_type: record.item.type,
    gold_cost: record.item.gold_cost,
    effect_data: record.item.effect_data,
    purchased_at: record.purchasedAt,
    expires_at: record.expiresAt,
    is_active: isActive(record, now),
  };
}
