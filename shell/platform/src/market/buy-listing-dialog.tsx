import { buyListingRoute, type TradeResponse } from '@app/contracts/market';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { apiClient } from '../api/api-client';
import { useIdempotencyKey } from '../api/idempotency';
import { Form, useZodForm } from '../forms/form';
import { formatMoney, formatSharePrice } from '../format/format';
import { AddFundsOffer } from '../money/add-funds';
import { portfolioKeys, refreshMoneyViews } from '../query/query-keys';
import { useSession } from '../session/session-context';
import { Dialog } from '../ui/dialog';
import { useToast } from '../ui/toast';
import { SharesToBuyFields, affordableShares, sharesToBuy } from './buy-shares-dialog';

export interface BuyListingTarget {
  listingId: string;
  title: string;
  sellerName: string | null;
  askPrice: number;
  remaining: number;
}

/** Quantity 1..what remains in the listing and what the balance affords at the ask. */
export function buyListingSchema(remaining: number, affordable: number) {
  return z.object({ quantity: sharesToBuy(remaining, affordable, `Only ${remaining} shares are listed`) });
}

function buyListingDescription(target: BuyListingTarget, usd: number): string {
  const seller = target.sellerName ? ` from ${target.sellerName}` : '';
  const offer = `${target.remaining} listed at $${formatSharePrice(target.askPrice)} a share`;
  return `${target.title}${seller}: ${offer}. You have ${formatMoney(usd)}.`;
}

/**
 * Buy from a resale listing at its ask, all or part of it. The 2.5 % resale fee comes out of the seller's proceeds,
 * so the buyer pays quantity × ask exactly; the server decides on the item's market stream (a listing bought out
 * meanwhile is refused, never oversold).
 */
export function BuyListingDialog({
  target,
  open,
  onOpenChange,
  onBought,
}: {
  target: BuyListingTarget;
  open: boolean;
  onOpenChange(open: boolean): void;
  onBought?(answer: TradeResponse): void;
}) {
  const { user, refresh } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const usd = Number(user?.usd_balance ?? 0) || 0;
  const affordable = affordableShares(usd, target.askPrice);
  const schema = useMemo(() => buyListingSchema(target.remaining, affordable), [target.remaining, affordable]);
  const form = useZodForm(schema, { defaultValues: { quantity: Math.max(1, Math.min(target.remaining, affordable)) } });
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const buy = useMutation({
    mutationFn: (count: number) =>
      apiClient().call(buyListingRoute, {
        params: { id: target.listingId },
        body: { quantity: count },
        headers: { 'Idempotency-Key': idempotency.key() },
      }),
  });
  const total = Number.isFinite(quantity) ? Math.round(quantity * target.askPrice * 10_000) / 10_000 : 0;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Buy from Listing"
      description={buyListingDescription(target, usd)}
    >
      <Form
        form={form}
        fallbackError="Purchase failed"
        aria-label="Buy from listing"
        onSubmit={async (values) => {
          const answer = await buy.mutateAsync(values.quantity);
          idempotency.renew();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
            refreshMoneyViews(queryClient),
          ]);
          void refresh();
          toast.show({
            title: `Bought ${answer.quantity} shares for ${formatMoney(answer.total)}`,
            variant: 'success',
            durationMilliseconds: 3000,
          });
          onBought?.(answer);
          onOpenChange(false);
        }}
      >
        <SharesToBuyFields name="quantity" max={target.remaining} total={total} />
      </Form>
      <AddFundsOffer neededDollars={total} />
    </Dialog>
  );
}
