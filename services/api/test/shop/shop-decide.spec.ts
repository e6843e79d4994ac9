import { DeciderSpecification } from '../support/decider-specification';
import type { ShopEvent } from '@app/contracts/shop';
import {
  activeBoosts,
  decide,
  evolve,
  foldShopAccount,
  initialShopAccount,
  type ShopCommand,
} from '../../src/modules/shop/domain/shop-account';

/** given(events).when(command).then(events) | thenRefused(refusal) for the shop account decider. */
const { given } = DeciderSpecification.for({ decide, evolve, initialState: () => initialShopAccount('user-1') });

const now = '2026-03-15T10:00:00.000Z';
/** The price burnt out of the buyer's balance, in one transaction. */
const burnt = (
  reasonCode: string,
  description: string,
  currency: string,
  amountMinor: bigint,
  references: Record<string, string>,
) => ({
  transactionId: 't',
  reasonCode,
  description,
  now,
  postings: [{ debitAccount: 'user:user-1', creditAccount: 'system:burn', currency, amountMinor }],
  references,
});
const buy = (itemNameOrId: string, at = now): ShopCommand => ({
  type: 'BuyGoldItem',
  data: { itemNameOrId, currentTier: 'free', purchaseId: 'p', transactionId: 't', now: at },
});

describe('shop decider', () => {
  it('prices upgrades from the table, in minor units, and only upward', () => {
    given()
      .when({
        type: 'UpgradeTier',
        data: { currentTier: 'free', targetTier: 'super', paymentMethod: 'gems', transactionId: 't', now },
      })
      .then({
        events: [
          {
            type: 'TierUpgradePurchased',
            data: {
              userId: 'user-1',
              fromTier: 'free',
              toTier: 'super',
              paymentMethod: 'gems',
              amountMinor: '4500000',
              transactionId: 't',
              purchasedAt: now,
            },
          },
        ],
        money: burnt('TIER_UPGRADE', 'Tier upgrade free → super', 'gems', 4_500_000n, {
          fromTier: 'free',
          toTier: 'super',
        }),
      });
    // The price is from the tier the user holds, bought here or not: premium → super, 9,000 points.
    const premium: ShopEvent = {
      type: 'TierUpgradePurchased',
      data: {
        userId: 'user-1',
        fromTier: 'free',
        toTier: 'premium',
        paymentMethod: 'points',
        amountMinor: '50000',
        transactionId: 't0',
        purchasedAt: now,
      },
    };
    given([premium])
      .when({
        type: 'UpgradeTier',
        data: { currentTier: 'free', targetTier: 'super', paymentMethod: 'points', transactionId: 't', now },
      })
      .then({
        money: burnt('TIER_UPGRADE', 'Tier upgrade premium → super', 'points', 90_000n, {
          fromTier: 'premium',
          toTier: 'super',
        }),
      });
    given()
      .when({
        type: 'UpgradeTier',
        data: { currentTier: 'premium', targetTier: 'premium', paymentMethod: 'points', transactionId: 't', now },
      })
      .thenRefused('TIER_MUST_BE_HIGHER');
    given()
      .when({
        type: 'UpgradeTier',
        data: { currentTier: 'super', targetTier: 'premium', paymentMethod: 'points', transactionId: 't', now },
      })
      .thenRefused('TIER_MUST_BE_HIGHER');
  });

  it('a bought tier counts even before identity reflects it', () => {
    const bought: ShopEvent = {
      type: 'TierUpgradePurchased',
      data: {
        userId: 'user-1',
        fromTier: 'free',
        toTier: 'super',
        paymentMethod: 'points',
        amountMinor: '150000',
        transactionId: 't',
        purchasedAt: now,
      },
    };
    given([bought])
      .when({
        type: 'UpgradeTier',
        data: { currentTier: 'free', targetTier: 'super', paymentMethod: 'points', transactionId: 'u', now },
      })
      .thenRefused('TIER_MUST_BE_HIGHER');
  });

  it('sells catalogue items at catalogue prices; owned until they expire', () => {
    given()
      .when(buy('24h key multiplier'))
      .then({
        events: [
          {
            type: 'GoldItemPurchased',
            data: {
              userId: 'user-1',
              purchaseId: 'p',
              itemId: 'key_multiplier_24h',
              itemName: '24h Key Multiplier',
              itemType: 'boost',
              goldCost: 200,
              effectData: { multiplier: 2, applies_to: 'keys' },
              expiresAt: '2026-03-16T10:00:00.000Z',
              transactionId: 't',
              purchasedAt: now,
            },
          },
        ],
        money: burnt('GOLD_PURCHASE', 'Gold shop: 24h Key Multiplier', 'gold', 200n, {
          itemId: 'key_multiplier_24h',
          purchaseId: 'p',
        }),
      });
    given().when(buy('Diamond Badge')).thenRefused('ITEM_MUST_BE_IN_CATALOGUE');
    const owned: ShopEvent = {
      type: 'GoldItemPurchased',
      data: {
        userId: 'user-1',
        purchaseId: 'p',
        itemId: 'key_multiplier_24h',
        itemName: '24h Key Multiplier',
        itemType: 'boost',
        goldCost: 200,
        effectData: { multiplier: 2 },
        expiresAt: '2026-03-16T10:00:00.000Z',
        transactionId: 't',
        purchasedAt: now,
      },
    };
    given([owned]).when(buy('key_multiplier_24h', '2026-03-16T09:59:59.000Z')).thenRefused('ITEM_MUST_NOT_BE_OWNED');
    expect(activeBoosts(given([owned]).state, '2026-03-16T09:59:59.000Z').keyMultiplier).toBe(2);
    expect(activeBoosts(given([owned]).state, '2026-03-16T10:00:00.000Z').keyMultiplier).toBe(1);
  });

  it('a gold tier upgrade records the tier change too', () => {
    const decision = decide(buy('Super Upgrade'), foldShopAccount('user-1', []));
    expect(decision.kind === 'accepted' && decision.events.map((event) => event.type)).toEqual([
      'GoldItemPurchased',
      'TierUpgradePurchased',
    ]);
    // One payment, in gold: the tier change it records costs nothing more.
    expect(decision.kind === 'accepted' && decision.money).toEqual(
      burnt('GOLD_PURCHASE', 'Gold shop: Super Upgrade', 'gold', 1000n, { itemId: 'super_upgrade', purchaseId: 'p' }),
    );
    given()
      .when({
        ...buy('Premium Upgrade'),
        data: { ...buy('Premium Upgrade').data, currentTier: 'super' },
      } as ShopCommand)
      .thenRefused('TIER_MUST_BE_HIGHER');
  });
});
