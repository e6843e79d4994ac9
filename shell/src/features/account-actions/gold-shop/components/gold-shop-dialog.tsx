import {
  Badge,
  Button,
  ErrorBox,
  SkeletonList,
  TIERS,
  errorMessage,
  formatBalance,
  normaliseTier,
  refreshMoneyViews,
  shopKeys,
  useCurrentUser,
  useIdempotencyKey,
  useSession,
} from '@app/platform';
import { Dialog, Tabs, covers, useToast } from '@app/platform/app';
import { Award, KeyRound, type LucideIcon, Rocket, Star, Zap } from '@app/platform/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type GoldPurchase,
  type GoldShopItem,
  SHOP_TABS,
  isOwned,
  purchaseGoldItem,
  useGoldPurchases,
  useGoldShopItems,
} from '../api/gold-shop';

function iconOf(item: GoldShopItem): LucideIcon {
  if (item.effect_data.tier) return Star;
  if (item.effect_data.badge) return Award;
  if (item.effect_data.boost === 'profile') return Rocket;
  return item.effect_data.applies_to === 'xp' ? Zap : KeyRound;
}

function ItemIcon({ item }: { item: GoldShopItem }) {
  const Icon = iconOf(item);
  return <Icon size={18} />;
}

function durationText(hours: number | null): string {
  if (hours === null) return 'Permanent';
  if (hours % 24 === 0) return `${hours / 24} ${hours === 24 ? 'day' : 'days'}`;
  return `${hours} hours`;
}

export interface GoldShopDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Buying an item: the purchase, with a toast and fresh balances on success, and the message of its last failure. */
function useBuyGoldItem() {
  const { refresh } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<string | null>(null);
  const purchase = useMutation({
    mutationFn: (item: GoldShopItem) => purchaseGoldItem(item, idempotency.key()),
    onMutate: () => setError(null),
    onSuccess: async (result, item) => {
      idempotency.renew();
      toast.show({
        title: `Purchased ${item.name}`,
        description: `${formatBalance(result.purchase.gold_cost)} gold spent`,
        variant: 'success',
        durationMilliseconds: 3000,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: shopKeys.goldPurchases() }),
        refreshMoneyViews(queryClient),
        refresh(),
      ]);
    },
    onError: (failure) => {
      idempotency.renew();
      setError(errorMessage(failure, 'Purchase failed'));
    },
  });
  return { purchase, error };
}

/** Gold Shop: tier upgrades, boosts and profile items bought with gold; each is available, owned or not affordable. */
export default function GoldShopDialog({ open, onOpenChange }: GoldShopDialogProps) {
  const user = useCurrentUser();
  const catalogue = useGoldShopItems(open);
  const purchases = useGoldPurchases(open);
  const { purchase, error } = useBuyGoldItem();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Gold Shop"
      description={`You have ${formatBalance(user.gold_collected)} gold.`}
    >
      {error ? <ErrorBox title="Purchase failed" message={error} /> : null}
      {catalogue.isPending || purchases.isPending ? (
        <SkeletonList rows={3} label="Loading the shop" />
      ) : catalogue.isError || purchases.isError ? (
        <ErrorBox
          message={`Failed to load data: ${(catalogue.error ?? purchases.error)?.message}`}
          onRetry={() => {
            if (catalogue.isError) void catalogue.refetch();
            if (purchases.isError) void purchases.refetch();
          }}
        />
      ) : (
        <Tabs
          label="Shop sections"
          items={SHOP_TABS.map((tab) => ({
            value: tab.value,
            label: tab.label,
            content: (
              <ul className="account-grid" aria-label={tab.label}>
                {catalogue.data
                  .filter((item) => item.type === tab.value)
                  .map((item) => (
                    <ShopItemCard
                      key={item.id}
                      item={item}
                      purchases={purchases.data}
                      gold={user.gold_collected}
                      tier={user.user_tier}
                      buying={purchase.isPending && purchase.variables?.id === item.id}
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

function ShopItemCard({
  item,
  purchases,
  gold,
  tier,
  buying,
  disabled,
  onBuy,
}: {
  item: GoldShopItem;
  purchases: readonly GoldPurchase[];
  gold: string;
  tier: string;
  buying: boolean;
  disabled: boolean;
  onBuy(): void;
}) {
  const owned = isOwned(item, purchases);
  const targetTier = typeof item.effect_data.tier === 'string' ? normaliseTier(item.effect_data.tier) : null;
  // A tier upgrade to the tier you already have (or below it) is not for sale to you.
  const alreadyAtTier = targetTier !== null && TIERS.indexOf(normaliseTier(tier)) >= TIERS.indexOf(targetTier);
  const affordable = covers(gold, item.gold_cost, 'gold');
  const headingId = `shop-item-${item.id}`;
  return (
    <li className={`account-item ${owned ? 'account-item--done' : ''}`} aria-labelledby={headingId}>
      <h3 className="account-item__title" id={headingId}>
        <ItemIcon item={item} /> {item.name}
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
        <Button
          size="small"
          busy={buying}
          disabled={disabled}
          onClick={onBuy}
          aria-label={`Buy ${item.name} for ${item.gold_cost} gold`}
        >
          Buy for {formatBalance(item.gold_cost)} gold
        </Button>
      ) : (
        <Button size="small" variant="secondary" disabled aria-label={`Not Enough Gold for ${item.name}`}>
          Not Enough Gold
        </Button>
      )}
    </li>
  );
}
