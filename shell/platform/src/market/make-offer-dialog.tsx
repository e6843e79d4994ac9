import { MARKET_MESSAGES, createOfferRoute, type Offer } from '@app/contracts/market';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { apiClient } from '../api/api-client';
import { useIdempotencyKey } from '../api/idempotency';
import { Form, useZodForm } from '../forms/form';
import { FormError, FormTextArea, FormTextField, SubmitButton } from '../forms/form-fields';
import { formatMoney, formatSharePrice } from '../format/format';
import { AddFundsOffer } from '../money/add-funds';
import { portfolioKeys, refreshMoneyViews } from '../query/query-keys';
import { Dialog } from '../ui/dialog';
import { useToast } from '../ui/toast';

export interface MakeOfferTarget {
  contentId: string;
  title: string;
  sellerId: string;
  /** The most the seller can sell to an offer: their shares not held in a listing (the server checks again). */
  sellerShares: number;
  currentPrice: number;
}

/** Spec 2 §5: quantity 1..the seller's shares, price at least $0.01, message optional. */
export function makeOfferSchema(sellerShares: number) {
  return z.object({
    quantity: z
      .number({ error: 'Enter a whole number' })
      .int('Enter a whole number')
      .min(1, 'At least 1')
      .max(sellerShares, MARKET_MESSAGES.sellerHasTooFew),
    bid_price: z.number({ error: 'Enter Offer price' }).min(0.01, 'Offer price must be at least 0.01'),
    message: z.string().max(500).optional(),
  });
}

/** Default quantity: 25 % of the seller's shares rounded up, at least 1 and at most all of them (spec 2 §5). */
export const defaultOfferQuantity = (sellerShares: number) =>
  Math.max(1, Math.min(sellerShares, Math.ceil(sellerShares * 0.25)));

/** The offer's quantity (up to the seller's shares), price per share and optional message. */
function OfferFields({ sellerShares }: { sellerShares: number }) {
  return (
    <>
      <FormTextField name="quantity" label="Quantity" type="number" min={1} max={sellerShares} step={1} numeric />
      <FormTextField
        name="bid_price"
        label="Offer price per share (USD)"
        type="number"
        min={0.01}
        step={0.01}
        numeric
      />
      <FormTextArea name="message" label="Message (optional)" />
    </>
  );
}

/**
 * Make an Offer (spec 2 §5), opened from a holding's marketplace, the resale market and a public profile's holdings,
 * so it lives in the platform. The bid total is held from the buyer's USD until the seller answers (the server
 * escrows it in the same transaction as the offer).
 */
export function MakeOfferDialog({
  target,
  open,
  onOpenChange,
  onSent,
}: {
  target: MakeOfferTarget;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSent?(offer: Offer): void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const offer = useMutation({
    mutationFn: (body: {
      content_id: string;
      seller_id: string;
      quantity: number;
      bid_price: number;
      message: string | null;
    }) => apiClient().call(createOfferRoute, { body, headers: { 'Idempotency-Key': idempotency.key() } }),
  });
  const schema = useMemo(() => makeOfferSchema(target.sellerShares), [target.sellerShares]);
  const form = useZodForm(schema, {
    defaultValues: { quantity: defaultOfferQuantity(target.sellerShares), bid_price: target.currentPrice, message: '' },
  });
  const [quantity, bid] = useWatch({ control: form.control, name: ['quantity', 'bid_price'] });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Make an Offer"
      description={
        `${target.title}: current price ${formatSharePrice(target.currentPrice)}. ` +
        'Your offer is held from your USD until the seller answers.'
      }
    >
      <Form
        form={form}
        fallbackError="Failed to submit offer"
        aria-label="Make an offer"
        onSubmit={async (values) => {
          const sent = await offer.mutateAsync({
            content_id: target.contentId,
            seller_id: target.sellerId,
            quantity: values.quantity,
            bid_price: values.bid_price,
            message: values.message?.trim() || null,
          });
          idempotency.renew();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
            refreshMoneyViews(queryClient),
          ]);
          toast.show({ title: 'Offer sent', variant: 'success', durationMilliseconds: 3000 });
          onSent?.(sent);
          onOpenChange(false);
        }}
      >
        <OfferFields sellerShares={target.sellerShares} />
        <p>Total: {formatMoney((Number(quantity) || 0) * (Number(bid) || 0))}</p>
        <FormError />
        <SubmitButton>Send Offer</SubmitButton>
      </Form>
      <AddFundsOffer neededDollars={(Number(quantity) || 0) * (Number(bid) || 0)} />
    </Dialog>
  );
}
