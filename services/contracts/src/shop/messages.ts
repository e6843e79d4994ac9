export const SHOP_MESSAGES = {
  insufficientBalance: 'Insufficient balance',
  notEnoughGold: 'Not Enough Gold',
  upgradeOnlyUpward: 'You can only upgrade to a higher tier',
  targetTierRequired: 'Please choose a target tier',
  paymentMethodRequired: 'Please choose a payment method (points or gems)',
  unknownItem: 'This item is not in the gold shop',
  alreadyOwned: 'You already own this item',
  purchaseFailed: 'Purchase failed',
} as const;
