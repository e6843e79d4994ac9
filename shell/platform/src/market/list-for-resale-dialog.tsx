import { MARKET_MESSAGES, type Holding } from '@app/contracts/market';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Form, useZodForm } from '../forms/form';
import { FormError, FormTextField, SubmitButton } from '../forms/form-fields';
import { formatMoney } from '../format/format';
import { Dialog } from '../ui/dialog';
import { useToast } from '../ui/toast';
import { useCreateListing } from './market-api';

/** Quantity 1..the shares available to sell, an ask of at least $0.01. */
export function listForResaleSchema(availableToSell: number) {
  return z.object({
    quantity: z
      .number({ error: 'Enter a whole number' })
      .int('Enter a whole number')
      .min(1, 'At least 1')
      .max(availableToSell, MARKET_MESSAGES.moreThanAvailableToSell),
    ask_price: z.number({ error: 'Enter Ask price' }).min(0.01, 'Ask price must be at least 0.01'),
  });
}

/**
 * List for Resale (the wallet's holdings and the Investment Hub's portfolio): at most the shares available to sell,
 * at an ask of at least $0.01; listed shares are held until filled or cancelled.
 */
export interface ListForResaleDialogProps {
  holding: Holding;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ListForResaleDialog({ holding, open, onOpenChange }: ListForResaleDialogProps) {
  const toast = useToast();
  const create = useCreateListing();
  const schema = useMemo(() => listForResaleSchema(holding.available_to_sell), [holding.available_to_sell]);
  const form = useZodForm(schema, {
    defaultValues: { quantity: holding.available_to_sell, ask_price: holding.current_price },
  });
  const [quantity, ask] = useWatch({ control: form.control, name: ['quantity', 'ask_price'] });
  const description =
    `${holding.content_title}: ${holding.available_to_sell} shares available to sell. ` +
    'A 2.5 % fee comes out of the proceeds.';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="List Shares for Resale" description={description}>
      <Form
        form={form}
        fallbackError="Failed to create listing."
        aria-label="List shares"
        onSubmit={async (values) => {
          const { content_id, content_title, content_thumbnail } = holding;
          await create.mutateAsync({ content_id, content_title, content_thumbnail, ...values });
          toast.show({ title: `Listed ${values.quantity} shares`, variant: 'success', durationMilliseconds: 3000 });
          onOpenChange(false);
        }}
      >
        <FormTextField
          name="quantity"
          label="Quantity"
          type="number"
          min={1}
          max={holding.available_to_sell}
          step={1}
          numeric
        />
        <FormTextField
          name="ask_price"
          label="Ask price per share (USD)"
          type="number"
          min={0.01}
          step={0.0001}
          numeric
        />
        <p>Total: {formatMoney((Number(quantity) || 0) * (Number(ask) || 0))}</p>
        <FormError />
        <SubmitButton>List Shares</SubmitButton>
      </Form>
    </Dialog>
  );
}
