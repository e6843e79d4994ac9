import { SHOP_MESSAGES } from '@app/contracts/shop';
import { ApiError, conflict, notFound, unprocessable } from '../../platform/http/api-error';
import type { ShopRefusal } from './domain/shop-account';

export function shopRefusalToApiError(refusal: ShopRefusal | 'NOT_ENOUGH_GOLD'): ApiError {
  switch (refusal) {
    case 'TIER_MUST_BE_HIGHER':
      return unprocessable('TIER_UPGRADE_NOT_ALLOWED', SHOP_MESSAGES.upgradeOnlyUpward);
    case 'ITEM_MUST_BE_IN_CATALOGUE':
      return notFound('UNKNOWN_ITEM', SHOP_MESSAGES.unknownItem);
    case 'ITEM_MUST_NOT_BE_OWNED':
      return conflict('ALREADY_OWNED', SHOP_MESSAGES.alreadyOwned);
    case 'NOT_ENOUGH_GOLD':
      return unprocessable('NOT_ENOUGH_GOLD', SHOP_MESSAGES.notEnoughGold);
  }
}
