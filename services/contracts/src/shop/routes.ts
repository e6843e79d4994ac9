import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  ActiveBoostsSchema,
  GoldPurchaseRequestSchema,
  GoldPurchaseResponseSchema,
  GoldPurchasesResponseSchema,
  GoldShopCatalogueSchema,
  UpgradeCostsSchema,
  UpgradeTierRequestSchema,
  UpgradeTierResponseSchema,
} from './http';

export const getUpgradeCostsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/upgrade-costs',
  summary: 'Tier upgrade costs: current tier → target tier → {points, gems}',
  tags: ['shop'],
  responses: { 200: UpgradeCostsSchema },
});

export const upgradeTierRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/upgrade-tier',
  summary: 'Upgrades the tier (upward only), paid in points or gems through the ledger',
  tags: ['shop'],
  request: { body: UpgradeTierRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: UpgradeTierResponseSchema },
  errors: { 422: "'Insufficient balance' (`INSUFFICIENT_BALANCE`) or not an upward move (`TIER_UPGRADE_NOT_ALLOWED`)" },
});

export const getGoldShopItemsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/gold-shop-items',
  summary: "The gold shop's catalogue (tabs Tier Upgrades, Boosts, Profile by `type`)",
  tags: ['shop'],
  responses: { 200: GoldShopCatalogueSchema },
});

export const getGoldPurchasesRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/gold-purchases',
  summary: "The signed-in user's gold purchases, newest first; an item is owned while a purchase of it is active",
  tags: ['shop'],
  responses: { 200: GoldPurchasesResponseSchema },
});

export const goldPurchaseRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/gold-purchase',
  summary: 'Buys a gold shop item at the catalogue price; tier upgrades change the tier, boosts take effect at once',
  tags: ['shop'],
  request: { body: GoldPurchaseRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: GoldPurchaseResponseSchema },
  errors: {
    404: 'Unknown item (`UNKNOWN_ITEM`)',
    409: 'Already owned (`ALREADY_OWNED`)',
    422: "'Not Enough Gold' (`NOT_ENOUGH_GOLD`) or a tier that is not higher",
  },
});

export const getActiveBoostsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/active-boosts',
  summary: "The signed-in user's active boosts (key and XP multipliers, badge, profile boost)",
  tags: ['shop'],
  responses: { 200: ActiveBoostsSchema },
});
