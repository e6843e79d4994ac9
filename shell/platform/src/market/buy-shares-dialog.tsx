import { MARKET_MESSAGES, buySharesRoute, type BuySharesResponse } from '@app/contracts/market';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { apiClient } from '../api/api-client';
import { useIdempotencyKey } from '../api/idempotency';
import { Form, useZodForm } from '../forms/form';
import { FormError, FormTextField, SubmitButton } from '../forms/form-fields';
import { formatMoney, formatSharePrice } from '../format/format';
import { contentKeys, portfolioKeys, refreshMoneyViews } from '../query/query-keys';
import { useSession } from '../session/session-context';
import { Dialog } from '../ui/dialog';
import { AddFundsOffer } from '../money/add-funds';
import { useWatch } from 'react-hook-form';

export interface BuySharesTarget {
  contentId: string;
  title: string;
  sharePrice: number;
  availableShares: number;
}

/** The most shares a balance buys at a price (whole shares, exact in cents-of-cents). */
export function affordableShares(usdBalance: number, sharePrice: number): number {
  const price = Math.round(sharePrice * 10_000);
  return price > 0 ? Math.floor(Math.round(usdBalance * 10_000) / price) : 0;
}

/** A whole number of shares to buy: at least 1, at most `maximum` (what is on offer) and what the balance affords. */
export function sharesToBuy(maximum: number, affordable: number, tooMany: string) {
  return z
    .number({ error: 'Enter a whole number of shares' })
    .int('Enter a whole number of shares')
    .min(1, 'Buy at least 1 share')
    .max(maximum, tooMany)
    .superRefine((count, context) => {
      if (count > affordable) context.addIssue({ code: 'custom', message: MARKET_MESSAGES.insufficient(count) });
    });
}

/** Spec 2 §5: quantity ≥ 1 and ≤ the smaller of available shares and what the balance affords. */
export function buySharesSchema(available: number, affordable: number) {
  return z.object({ shares_count: sharesToBuy(available, affordable, `Only ${available} shares are available`) });
}

/** The number-of-shares field, the total it costs, and the submit button of a buy form (shares or a listing). */
export function SharesToBuyFields({ name, max, total }: { name: string; max: number; total: number }) {
  return (
    <>
      <FormTextField name={name} label="Number of shares" type="number" min={1} max={max} step={1} numeric />
      <p>
        Total: <strong>{formatMoney(total)}</strong>
      </p>
      <FormError />
      <SubmitButton>Buy Shares</SubmitButton>
    </>
  );
}

function buySharesDescription(target: BuySharesTarget, usd: number): string {
  const offer = `${formatSharePrice(target.sharePrice)} per share, ${target.availableShares} available`;
  return `${target.title}: ${offer}. You have ${formatMoney(usd)}.`;
}

/**
 * Buy Shares (spec 2 §5): shared by the content page (mf-earn) and the Investment Hub (mf-invest), so it lives in
 * the platform. The price is the server's: what is shown is the last known price and the answer says what was paid.
 */
export function BuySharesDialog({
  target,
  open,
  onOpenChange,
  onBought,
}: {
  target: BuySharesTarget;
  open: boolean;
  onOpenChange(open: boolean): void;
  onBought?(answer: BuySharesResponse): void;
}) {
  const { user, refresh } = useSession();
  // Balances arrive as exact decimal text; a dollar figure with 4 decimals is exact as a number here.
  const usd = Number(user?.usd_balance ?? 0) || 0;
  const affordable = affordableShares(usd, target.sharePrice);
  const schema = useMemo(
    () => buySharesSchema(target.availableShares, affordable),
    [target.availableShares, affordable],
  );
  const form = useZodForm(schema, { defaultValues: { shares_count: 1 } });
  const count = useWatch({ control: form.control, name: 'shares_count' });
  const idempotency = useIdempotencyKey();
  const queryClient = useQueryClient();
  const buy = useMutation({
    mutationFn: (sharesCount: number) =>
      apiClient().call(buySharesRoute, {
        body: { content_id: target.contentId, shares_count: sharesCount },
        headers: { 'Idempotency-Key': idempotency.key() },
      }),
  });
  const total = Number.isFinite(count) ? Math.round(count * target.sharePrice * 10_000) / 10_000 : 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Buy Shares" description={buySharesDescription(target, usd)}>
      <Form
        form={form}
        fallbackError="Purchase failed"
        aria-label="Buy shares"
        onSubmit={async (values) => {
          const answer = await buy.mutateAsync(values.shares_count);
          idempotency.renew();
          await Promise.all([
            refreshMoneyViews(queryClient),
            queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
            queryClient.invalidateQueries({ queryKey: contentKeys.detail(target.contentId) }),
          ]);
          void refresh();
          onBought?.(answer);
          onOpenChange(false);
        }}
      >
        <SharesToBuyFields name="shares_count" max={target.availableShares} total={total} />
      </Form>
      <AddFundsOffer neededDollars={total} />
    </Dialog>
  );
}
