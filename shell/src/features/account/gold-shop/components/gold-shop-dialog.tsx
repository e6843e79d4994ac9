import { Badge, Button, ErrorBox, SkeletonList, formatBalance, useCurrentUser, useSession } from '@app/platform';
import { Dialog, Tabs, useToast } from '@app/platform/app';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import '../../shared/account.css';
import { covers } from '../../shared/decimal';
import { errorMessage } from '../../shared/error-message';
import { useIdempotencyKey } from '../../shared/idempotency';
import { TIERS, normaliseTier } from '../../shared/tier';
import { GOLD_SHOP_ITEMS, type GoldPurchase, type ShopItem, type ShopTab, goldPurchasesQueryKey, isOwned, purchaseGoldItem, useGoldPurchases } from '../api/gold-shop';

const tabs: { value: ShopTab; label: string }[] = [
  { value: 'tier_upgrades', label: 'Tier Upgrades' },
  { value: 'boosts', label: 'Boosts' },
  { value: 'profile', label: 'Profile' },
];

function durationText(hours: number | null): string {
  if (hours === null) return 'Permanent';
  if (hours % 24 === 0) return `${hours / 24} ${hours === 24 ? 'day' : 'days'}`;
  return `${hours} hours`;
}

export interface GoldShopDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Gold Shop: tier upgrades, boosts and profile items bought with gold; each is available, owned or not affordable. */
export default function GoldShopDialog({ open, onOpenChange }: GoldShopDialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const purchases = useGoldPurchases(open);
  const [error, setError] = useState<string | null>(null);
  const purchase = useMutation({
    mutationFn: (item: ShopItem) => purchaseGoldItem(item, idempotency.key()),
    onMutate: () => setError(null),
    onSuccess: async (_result, item) => {
      idempotency.renew();
      toast.show({ title: `Purchased ${item.item_name}`, description: `${formatBalance(item.gold_cost)} gold spent`, variant: 'success', durationMilliseconds: 3000 });
      await Promise.all([queryClient.invalidateQueries({ queryKey: goldPurchasesQueryKey }), refresh()]);
    },
    onError: (failure) => {
      idempotency.renew();
      setError(errorMessage(failure, 'Purchase failed'));
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Gold Shop" description={`You have ${formatBalance(user.gold_collected)} gold.`}>
      {error ? <ErrorBox title="Purchase failed" message={error} /> : null}
      {purchases.isPending ? (
        <SkeletonList rows={3} label="Loading your purchases" />
      ) : purchases.isError ? (
        <ErrorBox message={`Failed to load data: ${purchases.error.message}`} onRetry={() => void purchases.refetch()} />
      ) : (
        <Tabs
          label="Shop sections"
          items={tabs.map((tab) => ({
            value: tab.value,
            label: tab.label,
            content: (
              <ul className="account-grid" aria-label={tab.label}>
                {GOLD_SHOP_ITEMS.filter((item) => item.tab === tab.value).map((item) => (
                  <ShopItemCard
                    key={item.item_name}
                    item={item}
                    purchases={purchases.data}
                    gold={user.gold_collected}
                    tier={user.user_tier}
                    buying={purchase.isPending && purchase.variables?.item_name === item.item_name}
                    disabled={purchase.isPending}
                    onBuy={() => purchase.mutate(item)}
                  />
                ))}
              </ul>
            ),
          }))}
        />
      )}
    </Dialog>
  );
}

function ShopItemCard({ item, purchases, gold, tier, buying, disabled, onBuy }: { item: ShopItem; purchases: readonly GoldPurchase[]; gold: string; tier: string; buying: boolean; disabled: boolean; onBuy(): void }) {
  const owned = isOwned(item, purchases);
  const targetTier = typeof item.effect_data.tier === 'string' ? normaliseTier(item.effect_data.tier) : null;
  // A tier upgrade to the tier you already have (or below it) is not for sale to you.
  const alreadyAtTier = targetTier !== null && TIERS.indexOf(normaliseTier(tier)) >= TIERS.indexOf(targetTier);
  const affordable = covers(gold, item.gold_cost);
  const headingId = `shop-item-${item.item_name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <li className={`account-item ${owned ? 'account-item--done' : ''}`} aria-labelledby={headingId}>
      <h3 className="account-item__title" id={headingId}>
        <span aria-hidden="true">{item.icon}</span> {item.item_name}
      </h3>
      <p className="ui-muted">{item.description}</p>
      <p>
        <strong>{formatBalance(item.gold_cost)} gold</strong> · {durationText(item.duration_hours)}
      </p>
      {owned ? (
        <Badge tone="success">Owned</Badge>
      ) : alreadyAtTier ? (
        <Badge tone="neutral">Your tier already</Badge>
      ) : affordable ? (
        <Button size="small" busy={buying} disabled={disabled} onClick={onBuy} aria-label={`Buy ${item.item_name} for ${item.gold_cost} gold`}>
          Buy for {formatBalance(item.gold_cost)} gold
        </Button>
      ) : (
        <Button size="small" variant="secondary" disabled aria-label={`Not Enough Gold for ${item.item_name}`}>
          Not Enough Gold
        </Button>
      )}
    </li>
  );
}
