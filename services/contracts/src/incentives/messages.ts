/** Texts of spec 3 §5/§8 for coupons, and the API's own refusals. */
export const COUPON_MESSAGES = Object.freeze({
  titleRequired: 'Title is required',
  quantityMin: 'Quantity must be at least 1',
  valueMin: 'Value must be 0 or more',
  endBeforeStart: 'The end date must not be before the start date',
  selectDropFirst: 'Select a drop first.',
  createFailed: 'Failed to create coupon. Please try again.',
  assignDropFailed: 'Failed to assign coupon to drop.',
  assignLeaderboardFailed: 'Failed to assign coupon to leaderboard.',
  redeemFailed: 'Failed to redeem coupon.',
  notFound: 'This coupon does not exist',
  notActive: 'This coupon is not active',
  exhausted: 'This coupon has no redemptions left',
  notOwnDrop: 'You can only attach coupons to your own drops',
  alreadyAssigned: 'This coupon is already assigned to that target',
  advertisersOnly: 'Only advertisers can run coupons',
  userNameRequired: 'Recipient name is required',
});
