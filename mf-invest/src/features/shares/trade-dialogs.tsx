import { formatMoney } from '@app/platform';
import { Dialog, Form, FormError, FormTextField, SubmitButton, useToast, useWatch, useZodForm } from '@app/platform/app';
import { MARKET_MESSAGES, type Holding } from '@app/contracts/market';
import { useMemo } from 'react';
import { z } from 'zod';
import { useCreateListing } from './shares-api';

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
