import type { UserTier } from '@app/contracts/identity';
import {
  SYSTEM_ACCOUNTS,
  userAccount,
  type Currency,
  type MoneyMovement,
  type ReasonCode,
} from '@app/contracts/ledger';
import {
  TIER_ORDER,
  TIER_UPGRADE_COSTS,
  findGoldShopItem,
  type GoldShopItem,
  type ShopEvent,
} from '@app/contracts/shop';

/**
 * One user's shop account (stream `shop-account-<userId>`): tier upgrades bought and gold purchases. Pure decider;
 * the user's current tier (identity's), time and ids arrive in the command. It decides the payment too; the balance is
 * the ledger's, which refuses in the same append what the balance does not cover.
 */
export interface GoldPurchaseRecord {
  purchaseId: string;
  item: GoldShopItem;
  purchasedAt: string;
  expiresAt: string | null;
}

export interface ShopAccountState {
  userId: string;
  /** The highest tier bought here (identity is told; this guards against paying twice before it is). */
  purchasedTier: UserTier;
  purchases: GoldPurchaseRecord[];
}

export const initialShopAccount = (userId: string): ShopAccountState => ({
  userId,
  purchasedTier: 'free',
  purchases: [],
});

export type ShopCommand =
  | {
      type: 'UpgradeTier';
      data: {
        currentTier: UserTier;
        targetTier: UserTier;
        paymentMethod: 'points' | 'gems';
        transactionId: string;
        now: string;
      };
    }
  | {
      type: 'BuyGoldItem';
      data: { itemNameOrId: string; currentTier: UserTier; purchaseId: string; transactionId: string; now: string };
    };

export type ShopRefusal = 'TIER_MUST_BE_HIGHER' | 'ITEM_MUST_BE_IN_CATALOGUE' | 'ITEM_MUST_NOT_BE_OWNED';
/** `money`: the price paid, from the user's balance to `system:burn` (spent, not transferred to anyone). */
export type ShopDecision =
  { kind: 'accepted'; events: ShopEvent[]; money: MoneyMovement } | { kind: 'refused'; refusal: ShopRefusal };

const refuse = (refusal: ShopRefusal): ShopDecision => ({ kind: 'refused', refusal });
const POINTS_MINOR_PER_POINT = 10n;
const GEMS_MINOR_PER_GEM = 10_000n;

/** A purchase's one payment: the price burnt out of the buyer's balance. */
function paid(
  payment: {
    userId: string;
    transactionId: string;
    reasonCode: ReasonCode;
    description: string;
    now: string;
    references: Record<string, string>;
  },
  currency: Currency,
  amountMinor: bigint,
): MoneyMovement {
  const { userId, transactionId, reasonCode, description, now, references } = payment;
  return {
    transactionId,
    reasonCode,
    description,
    now,
    postings: [{ debitAccount: userAccount(userId), creditAccount: SYSTEM_ACCOUNTS.burn, currency, amountMinor }],
    references,
  };
}

export const higherTier = (left: UserTier, right: UserTier): UserTier =>
  TIER_ORDER[left] >= TIER_ORDER[right] ? left : right;
export const effectiveTier = (state: ShopAccountState, identityTier: UserTier): UserTier =>
  higherTier(identityTier, state.purchasedTier);

export function isActive(purchase: GoldPurchaseRecord, now: string): boolean {
  return purchase.expiresAt === null || Date.parse(purchase.expiresAt) > Date.parse(now);
}

/** The upgrade's price in minor units of the payment currency, or null when the move is not upward. */
export function upgradeCostMinor(from: UserTier, to: UserTier, paymentMethod: 'points' | 'gems'): bigint | null {
  const cost = TIER_UPGRADE_COSTS[from][to];
  if (!cost) return null;
  return paymentMethod === 'points'
    ? BigInt(cost.points) * POINTS_MINOR_PER_POINT
    : BigInt(cost.gems) * GEMS_MINOR_PER_GEM;
}

/** A gold shop item not owned (active) yet, paid in gold; a tier upgrade item also records the tier's purchase. */
function buyGoldItem(
  data: Extract<ShopCommand, { type: 'BuyGoldItem' }>['data'],
  state: ShopAccountState,
): ShopDecision {
  const userId = state.userId;
  const { itemNameOrId, purchaseId, transactionId, now } = data;
  const item = findGoldShopItem(itemNameOrId);
  if (!item) return refuse('ITEM_MUST_BE_IN_CATALOGUE');
  if (state.purchases.some((purchase) => purchase.item.id === item.id && isActive(purchase, now)))
    return refuse('ITEM_MUST_NOT_BE_OWNED');
  const fromTier = effectiveTier(state, data.currentTier);
  if (item.type === 'tier_upgrade' && TIER_ORDER[item.effect_data.tier as UserTier] <= TIER_ORDER[fromTier])
    return refuse('TIER_MUST_BE_HIGHER');
  const expiresAt =
    item.duration_hours === null ? null : new Date(Date.parse(now) + item.duration_hours * 3_600_000).toISOString();
  const purchased: ShopEvent = {
    type: 'GoldItemPurchased',
    data: {
      userId,
      purchaseId,
      itemId: item.id,
      itemName: item.name,
      itemType: item.type,
      goldCost: item.gold_cost,
      effectData: { ...item.effect_data },
      expiresAt,
      transactionId,
      purchasedAt: now,
    },
  };
  const events: ShopEvent[] = [purchased];
  if (item.type === 'tier_upgrade') {
    events.push({
      type: 'TierUpgradePurchased',
      data: {
        userId,
        fromTier,
        toTier: item.effect_data.tier as UserTier,
        paymentMethod: 'gold',
        amountMinor: String(item.gold_cost),
        transactionId,
        purchasedAt: now,
      },
    });
  }
  const money = paid(
    {
      userId,
      transactionId,
      reasonCode: 'GOLD_PURCHASE',
      description: `Gold shop: ${item.name}`,
      now,
      references: { itemId: item.id, purchaseId },
    },
    'gold',
    BigInt(item.gold_cost),
  );
  return { kind: 'accepted', events, money };
}

export function decide(command: ShopCommand, state: ShopAccountState): ShopDecision {
  const userId = state.userId;
  switch (command.type) {
    case 'UpgradeTier': {
      const { targetTier, paymentMethod, transactionId, now } = command.data;
      const fromTier = effectiveTier(state, command.data.currentTier);
      const amountMinor = upgradeCostMinor(fromTier, targetTier, paymentMethod);
      if (amountMinor === null) return refuse('TIER_MUST_BE_HIGHER');
      return {
        kind: 'accepted',
        events: [
          {
            type: 'TierUpgradePurchased',
            data: {
              userId,
              fromTier,
              toTier: targetTier,
              paymentMethod,
              amountMinor: amountMinor.toString(),
              transactionId,
              purchasedAt: now,
            },
          },
        ],
        money: paid(
          {
            userId,
            transactionId,
            reasonCode: 'TIER_UPGRADE',
            description: `Tier upgrade ${fromTier} → ${targetTier}`,
            now,
            references: { fromTier, toTier: targetTier },
          },
          paymentMethod,
          amountMinor,
        ),
      };
    }
    case 'BuyGoldItem':
      return buyGoldItem(command.data, state);
  }
}

export function evolve(state: ShopAccountState, event: ShopEvent): ShopAccountState {
  switch (event.type) {
    case 'TierUpgradePurchased':
      return { ...state, purchasedTier: higherTier(state.purchasedTier, event.data.toTier) };
    case 'GoldItemPurchased': {
      const item = findGoldShopItem(event.data.itemId);
      // Recorded facts keep the price and effect they were bought with, even if the catalogue changes later.
      const recorded: GoldShopItem = {
        id: event.data.itemId,
        name: event.data.itemName,
        type: event.data.itemType,
        description: item?.description ?? event.data.itemName,
        gold_cost: event.data.goldCost,
        duration_hours: item?.duration_hours ?? null,
        effect_data: event.data.effectData,
      };
      return {
        ...state,
        purchases: [
          ...state.purchases,
          {
            purchaseId: event.data.purchaseId,
            item: recorded,
            purchasedAt: event.data.purchasedAt,
            expiresAt: event.data.expiresAt,
          },
        ],
      };
    }
  }
}

export const foldShopAccount = (userId: string, events: ShopEvent[]): ShopAccountState =>
  events.reduce(evolve, initialShopAccount(userId));

export interface ActiveBoostsView {
  keyMultiplier: number;
  xpMultiplier: number;
  hasGoldenBadge: boolean;
  profileBoostUntil: string | null;
  keyMultiplierUntil: string | null;
  xpBoostUntil: string | null;
}

/** What is in force at `now`: the longest-running purchase of each boost wins. */
export function activeBoosts(state: ShopAccountState, now: string): ActiveBoostsView {
  const active = state.purchases.filter((purchase) => isActive(purchase, now));
  const until = (itemId: string) =>
    active
      .filter((purchase) => purchase.item.id === itemId)
      .map((purchase) => purchase.expiresAt)
      .sort()
      .at(-1) ?? null;
  const keyMultiplierUntil = until('key_multiplier_24h');
  const xpBoostUntil = until('xp_boost_7d');
  return {
    keyMultiplier: keyMultiplierUntil ? 2 : 1,
    xpMultiplier: xpBoostUntil ? 3 : 1,
    hasGoldenBadge: active.some((purchase) => purchase.item.id === 'golden_badge'),
    profileBoostUntil: until('profile_boost_30d'),
    keyMultiplierUntil,
    xpBoostUntil,
  };
}
