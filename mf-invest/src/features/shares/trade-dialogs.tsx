import { formatMoney, formatSharePrice } from '@app/platform';
import { AddFundsOffer, Dialog, Form, FormError, FormTextArea, FormTextField, SubmitButton, useToast, useWatch, useZodForm } from '@app/platform/app';
import { MARKET_MESSAGES, type Holding } from '@app/contracts/market';
import { useMemo } from 'react';
import { z } from 'zod';
import { useCreateListing, useMakeOffer } from './shares-api';

const price = (label: string) => z.number({ error: `Enter ${label}` }).min(0.01, `${label} must be at least 0.01`);
const whole = (max: number, tooMany: string) => z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(1, 'At least 1').max(max, tooMany);

/** List for Resale: at most the shares available to sell, at an ask of at least $0.01; listed shares are held. */
export function ListForResaleDialog({ holding, open, onOpenChange }: { holding: Holding; open: boolean; onOpenChange(open: boolean): void }) {
  const toast = useToast();
  const create = useCreateListing();
  const schema = useMemo(() => z.object({ quantity: whole(holding.available_to_sell, MARKET_MESSAGES.moreThanAvailableToSell), ask_price: price('Ask price') }), [holding.available_to_sell]);
  const form = useZodForm(schema, { defaultValues: { quantity: holding.available_to_sell, ask_price: holding.current_price } });
  const [quantity, ask] = useWatch({ control: form.control, name: ['quantity', 'ask_price'] });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="List Shares for Resale" description={`${holding.content_title}: ${holding.available_to_sell} shares available to sell. A 2.5 % fee comes out of the proceeds.`}>
      <Form
        form={form}
        fallbackError="Failed to create listing."
        aria-label="List shares"
        onSubmit={async (values) => {
          await create.mutateAsync({ content_id: holding.content_id, content_title: holding.content_title, content_thumbnail: holding.content_thumbnail, quantity: values.quantity, ask_price: values.ask_price });
          toast.show({ title: `Listed ${values.quantity} shares`, variant: 'success', durationMilliseconds: 3000 });
          onOpenChange(false);
        }}
      >
        <FormTextField name="quantity" label="Quantity" type="number" min={1} max={holding.available_to_sell} step={1} numeric />
        <FormTextField name="ask_price" label="Ask price per share (USD)" type="number" min={0.01} step={0.0001} numeric />
        <p>Total: {formatMoney((Number(quantity) || 0) * (Number(ask) || 0))}</p>
        <FormError />
        <SubmitButton>List Shares</SubmitButton>
      </Form>
    </Dialog>
  );
}

/** Make an Offer (spec 2 §5): default quantity 25 % of the seller's shares (rounded up), default price the current one. */
export function MakeOfferDialog({
  target,
  open,
  onOpenChange,
}: {
  target: { contentId: string; title: string; sellerId: string; sellerShares: number; currentPrice: number };
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const toast = useToast();
  const offer = useMakeOffer();
  const schema = useMemo(
    () => z.object({ quantity: whole(target.sellerShares, MARKET_MESSAGES.sellerHasTooFew), bid_price: price('Offer price'), message: z.string().max(500).optional() }),
    [target.sellerShares],
  );
  const form = useZodForm(schema, { defaultValues: { quantity: Math.max(1, Math.min(target.sellerShares, Math.ceil(target.sellerShares * 0.25))), bid_price: target.currentPrice, message: '' } });
  const [quantity, bid] = useWatch({ control: form.control, name: ['quantity', 'bid_price'] });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Make an Offer" description={`${target.title}: current price ${formatSharePrice(target.currentPrice)}. Your offer is held from your USD until the seller answers.`}>
      <Form
        form={form}
        fallbackError="Failed to submit offer"
        aria-label="Make an offer"
        onSubmit={async (values) => {
          await offer.mutateAsync({ content_id: target.contentId, seller_id: target.sellerId, quantity: values.quantity, bid_price: values.bid_price, message: values.message?.trim() || null });
          toast.show({ title: 'Offer sent', variant: 'success', durationMilliseconds: 3000 });
          onOpenChange(false);
        }}
      >
        <FormTextField name="quantity" label="Quantity" type="number" min={1} max={target.sellerShares} step={1} numeric />
        <FormTextField name="bid_price" label="Offer price per share (USD)" type="number" min={0.01} step={0.01} numeric />
        <FormTextArea name="message" label="Message (optional)" />
        <p>Total: {formatMoney((Number(quantity) || 0) * (Number(bid) || 0))}</p>
        <FormError />
        <SubmitButton>Send Offer</SubmitButton>
      </Form>
      <AddFundsOffer neededDollars={(Number(quantity) || 0) * (Number(bid) || 0)} />
    </Dialog>
  );
}
