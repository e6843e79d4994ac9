import { Button, formatBalance, useCurrentUser, useIdempotencyKey } from '@app/platform';
import { Dialog, covers, fromMinor, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormSelect,
  FormTextField,
  SubmitButton,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import { GROWTH_MESSAGES, StakeRequestSchema, type GrowthChannel } from '@app/contracts/growth';
import { z } from 'zod';
import { useStake } from '../api/growth-api';
import { formatDate, stakeProjection } from './projection';

interface StakeValues {
  channel_id: string;
  amount: string;
}

/** The channel's limits and the balance on top of the contract's own rules (spec 3 §5, Stake). */
function stakeSchema(channels: readonly GrowthChannel[], balance: string) {
  return StakeRequestSchema.superRefine((request, context) => {
    const channel = channels.find((candidate) => candidate.id === request.channel_id);
    if (!channel) return;
    const amount = fromMinor(request.amount, 'gems');
    const add = (message: string) => context.addIssue({ code: 'custom', path: ['amount'], message });
    if (request.amount < BigInt(channel.min_amount) * 10_000n)
      add(GROWTH_MESSAGES.stakeBelowMinimum(channel.min_amount));
    else if (request.amount > BigInt(channel.max_amount) * 10_000n)
      add(GROWTH_MESSAGES.stakeAboveMaximum(channel.max_amount));
    else if (!covers(balance, amount, 'gems')) add(GROWTH_MESSAGES.insufficientGems);
  });
}

function Projection({ channels }: { channels: readonly GrowthChannel[] }) {
  const [channelId, amount] = useWatch<StakeValues>({ name: ['channel_id', 'amount'] }) as [string, string];
  const channel = channels.find((candidate) => candidate.id === channelId);
  const projection = channel ? stakeProjection(amount ?? '', channel.base_multiplier, channel.lock_period_days) : null;
  if (!channel) return null;
  const unlock = formatDate(new Date(Date.now() + channel.lock_period_days * 86_400_000).toISOString());
  return (
    <dl className="growth-projection" aria-label="Projection" aria-live="polite">
      <dt>Multiplier</dt>
      <dd>×{channel.base_multiplier}</dd>
      <dt>Projected reward</dt>
      <dd>{projection ? `${formatBalance(projection.total)} gems` : '—'}</dd>
      <dt>Per day</dt>
      <dd>{projection ? `${formatBalance(projection.daily)} gems` : '—'}</dd>
      <dt>Unlocks</dt>
      <dd>{unlock}</dd>
    </dl>
  );
}

export function StakeDialog({
  channels,
  channelId,
  open,
  onOpenChange,
}: {
  channels: readonly GrowthChannel[];
  channelId: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const user = useCurrentUser();
  const balance = user.gems_balance;
  const stake = useStake();
  const idempotency = useIdempotencyKey();
  const toast = useToast();
  const form = useRequestForm<StakeValues, z.ZodType>(
    () => stakeSchema(channels, balance),
    (values) => ({ channel_id: values.channel_id, amount: values.amount.trim() }),
    {
      values: { channel_id: channelId ?? channels[0]?.id ?? '', amount: '' },
    },
  );
  const fillMax = () => {
    const channel = channels.find((candidate) => candidate.id === form.getValues('channel_id'));
    if (!channel) return;
    const max = covers(balance, String(channel.max_amount), 'gems') ? String(channel.max_amount) : balance;
    form.setValue('amount', max, { shouldValidate: true });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Stake gems"
      description={`Available: ${formatBalance(balance)} gems`}
    >
      <Form
        form={form}
        fallbackError={GROWTH_MESSAGES.stakeFailed}
        onSubmit={async (request) => {
          const answer = await stake.mutateAsync({
            request: request as { channel_id: string; amount: string },
            idempotencyKey: idempotency.key(),
          });
          idempotency.renew();
          toast.show({ title: answer.message, variant: 'success' });
          onOpenChange(false);
        }}
      >
        <FormSelect
          name="channel_id"
          label="Growth channel"
          options={channels.map((channel) => ({
            value: channel.id,
            label: `${channel.name} (${channel.lock_period_days} days, ×${channel.base_multiplier})`,
          }))}
        />
        <div className="growth-amount-row">
          <FormTextField name="amount" label="Amount (gems)" inputMode="decimal" autoComplete="off" />
          <Button type="button" variant="secondary" size="small" onClick={fillMax}>
            MAX
          </Button>
        </div>
        <Projection channels={channels} />
        <FormError />
        <SubmitButton>Stake</SubmitButton>
      </Form>
    </Dialog>
  );
}
