import {
  Button,
  TextField,
  formatBalance,
  ledgerKeys,
  refreshMoneyViews,
  useCurrentUser,
  useIdempotencyKey,
  useSession,
} from '@app/platform';
import { Dialog, covers, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormRadioGroup,
  ROOT_SERVER_ERROR,
  SubmitButton,
  useFieldError,
  useWatch,
  useZodForm,
} from '@app/platform/forms';
import type { ConversionAllowance } from '@app/contracts/ledger';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import {
  CONVERSION_RATES,
  type ConversionSource,
  QUICK_AMOUNTS,
  conversionCost,
  convertCurrency,
  useConversionAllowance,
} from '../api/convert-currency';

const sources: {
  value: ConversionSource;
  label: string;
  rate: string;
  balanceKey: 'points_balance' | 'gems_balance';
}[] = [
  {
    value: 'points',
    label: 'Points',
    rate: `${formatBalance(CONVERSION_RATES.pointsPerKey)} points = 1 key`,
    balanceKey: 'points_balance',
  },
  { value: 'gems', label: 'Gems', rate: `${CONVERSION_RATES.gemsPerKey} gems = 1 key`, balanceKey: 'gems_balance' },
];

/** The form's values: `amount` is the typed text (the API's field name, so its `field_errors` land under it). */
const convertFormSchema = z.object({ from_currency: z.enum(['points', 'gems']), amount: z.string() });

/** The input is forced to a whole number of at least 1 key (spec 1 §5). */
export function forceAtLeastOne(text: string): number {
  const parsed = Math.floor(Number(text));
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
}

export interface ConvertCurrencyDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

type ConversionResult = Awaited<ReturnType<typeof convertCurrency>>;

function convertedTitle(result: ConversionResult): string {
  const received = `${formatBalance(result.keys_received)} ${result.keys_received === 1 ? 'key' : 'keys'}`;
  return `Converted ${formatBalance(result.amount_spent)} ${result.from_currency} to ${received}`;
}

/** Today's allowance as the conversion's answer states it. */
function allowanceAfter(result: ConversionResult): ConversionAllowance {
  return {
    keys_converted_from_points_today: result.keys_converted_from_points_today,
    daily_points_conversion_limit: result.daily_points_conversion_limit,
    keys_remaining_from_points_today: Math.max(
      0,
      result.daily_points_conversion_limit - result.keys_converted_from_points_today,
    ),
  };
}

/** Convert from points or gems: each with its rate and the user's balance of it. */
function SourceRadioGroup() {
  const user = useCurrentUser();
  return (
    <FormRadioGroup
      name="from_currency"
      legend="Convert from"
      options={sources.map((candidate) => ({
        value: candidate.value,
        label: (
          <>
            {candidate.label}{' '}
            <small className="ui-muted">
              ({candidate.rate}; you have {formatBalance(user[candidate.balanceKey])})
            </small>
          </>
        ),
      }))}
    />
  );
}

/** One button per quick amount of keys; the one matching the typed amount is pressed. */
function QuickAmounts({ keys, onPick }: { keys: number; onPick(amount: number): void }) {
  return (
    <div className="ui-row" role="group" aria-label="Quick amounts">
      {QUICK_AMOUNTS.map((amount) => (
        <Button
          key={amount}
          size="small"
          variant={keys === amount ? 'primary' : 'secondary'}
          aria-pressed={keys === amount}
          onClick={() => onPick(amount)}
        >
          {amount} {amount === 1 ? 'key' : 'keys'}
        </Button>
      ))}
    </div>
  );
}

/** The cost, the user's balance of the source, and the daily limit (with today's use once it is known). */
function ConversionFacts({
  source,
  cost,
  balance,
  usedToday,
  remainingToday,
}: {
  source: ConversionSource;
  cost: number;
  balance: string;
  /** Null until the allowance has loaded. */
  usedToday: number | null;
  remainingToday: number;
}) {
  return (
    <dl className="account-facts">
      <dt>Cost</dt>
      <dd data-testid="convert-cost">
        {formatBalance(cost)} {source}
      </dd>
      <dt>Your {source}</dt>
      <dd>{formatBalance(balance)}</dd>
      <dt>Daily limit</dt>
      <dd data-testid="convert-daily-limit">
        {CONVERSION_RATES.dailyKeysFromPointsLimit} keys a day from points
        {usedToday !== null ? ` · ${usedToday} used today, ${remainingToday} left` : null}
      </dd>
    </dl>
  );
}

/** Another request (other source or amount) is another money movement: new key, and the last failure goes. */
function useNewAttemptOnChange(
  form: ReturnType<typeof useZodForm<typeof convertFormSchema>>,
  idempotency: ReturnType<typeof useIdempotencyKey>,
) {
  useEffect(() => {
    const subscription = form.watch(() => {
      idempotency.renew();
      form.clearErrors(ROOT_SERVER_ERROR);
    });
    return () => subscription.unsubscribe();
  }, [form, idempotency]);
}

/** Convert Currency: points or gems into keys, with quick amounts, the cost, the balance and the daily limit. */
export default function ConvertCurrencyDialog({ open, onOpenChange }: ConvertCurrencyDialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const form = useZodForm(convertFormSchema, { defaultValues: { from_currency: 'points', amount: '1' } });
  const source: ConversionSource = useWatch({ control: form.control, name: 'from_currency' }) ?? 'points';
  // The typed text may be empty mid-edit; the amount used is always a whole number of at least 1, and leaving the
  // field writes that amount back into it.
  const keys = forceAtLeastOne(useWatch({ control: form.control, name: 'amount' }) ?? '1');
  const allowance = useConversionAllowance();

  useNewAttemptOnChange(form, idempotency);

  const selected = sources.find((candidate) => candidate.value === source)!;
  const cost = conversionCost(source, keys);
  const balance = user[selected.balanceKey];
  const affordable = covers(balance, cost, source);
  const usedToday = allowance.data?.keys_converted_from_points_today ?? 0;
  const remainingToday = allowance.data?.keys_remaining_from_points_today ?? CONVERSION_RATES.dailyKeysFromPointsLimit;

  const submit = async () => {
    if (!affordable) return;
    const result = await convertCurrency(
      { from_currency: source, to_currency: 'keys', amount: keys },
      idempotency.key(),
    );
    idempotency.renew();
    toast.show({ title: convertedTitle(result), variant: 'success', durationMilliseconds: 3000 });
    // The conversion's own answer is exact; every ledger view (the wallet remote's too) reloads behind it.
    queryClient.setQueryData<ConversionAllowance>(ledgerKeys.conversionAllowance(), allowanceAfter(result));
    await Promise.all([refreshMoneyViews(queryClient), refresh()]);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Convert Currency"
      description="Turn points or gems into keys for paid drops."
    >
      <Form form={form} onSubmit={submit} fallbackError="Conversion failed">
        <SourceRadioGroup />
        <QuickAmounts keys={keys} onPick={(amount) => form.setValue('amount', String(amount))} />
        <KeysField
          onLeave={(text) => form.setValue('amount', String(forceAtLeastOne(text)))}
          register={form.register}
        />
        <ConversionFacts
          source={source}
          cost={cost}
          balance={balance}
          usedToday={allowance.data ? usedToday : null}
          remainingToday={remainingToday}
        />
        {!affordable ? (
          <p className="account-warning">
            Not enough {source}: you need {formatBalance(cost)}.
          </p>
        ) : null}
        {source === 'points' && affordable && allowance.data && keys > remainingToday ? (
          <p className="account-warning">
            This is more than today&apos;s remaining limit of {remainingToday} keys from points.
          </p>
        ) : null}
        <FormError />
        <SubmitButton disabled={!affordable}>
          Convert to {keys} {keys === 1 ? 'key' : 'keys'}
        </SubmitButton>
      </Form>
    </Dialog>
  );
}

/** The typed number of keys, with the server's message for `amount` under it. */
function KeysField({
  register,
  onLeave,
}: {
  register: ReturnType<typeof useZodForm<typeof convertFormSchema>>['register'];
  onLeave(text: string): void;
}) {
  const error = useFieldError('amount');
  const field = register('amount');
  return (
    <TextField
      label="Keys to receive"
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      {...field}
      error={error}
      onBlur={(event) => {
        void field.onBlur(event);
        onLeave(event.target.value);
      }}
    />
  );
}
