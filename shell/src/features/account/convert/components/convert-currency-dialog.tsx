import { Button, ErrorBox, TextField, formatBalance, useCurrentUser, useSession } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import '../../shared/account.css';
import { covers } from '../../shared/decimal';
import { errorMessage } from '../../shared/error-message';
import { useIdempotencyKey } from '../../shared/idempotency';
import {
  CONVERSION_RATES,
  type ConversionSource,
  QUICK_AMOUNTS,
  conversionCost,
  convertCurrency,
  transactionsQueryKey,
  useKeysConvertedFromPointsToday,
} from '../api/convert-currency';

const sources: { value: ConversionSource; label: string; rate: string; balanceKey: 'points_balance' | 'gems_balance' }[] = [
  { value: 'points', label: 'Points', rate: `${formatBalance(CONVERSION_RATES.pointsPerKey)} points = 1 key`, balanceKey: 'points_balance' },
  { value: 'gems', label: 'Gems', rate: `${CONVERSION_RATES.gemsPerKey} gems = 1 key`, balanceKey: 'gems_balance' },
];

/** The input is forced to a whole number of at least 1 key (spec 1 §5). */
export function forceAtLeastOne(text: string): number {
  const parsed = Math.floor(Number(text));
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
}

export interface ConvertCurrencyDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Convert Currency: points or gems into keys, with quick amounts, the cost, the balance and the daily limit. */
export default function ConvertCurrencyDialog({ open, onOpenChange }: ConvertCurrencyDialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [source, setSource] = useState<ConversionSource>('points');
  // The typed text may be empty mid-edit; the amount used is always a whole number of at least 1, and leaving the
  // field writes that amount back into it.
  const [keysText, setKeysText] = useState('1');
  const keys = forceAtLeastOne(keysText);
  const [error, setError] = useState<string | null>(null);
  const convertedToday = useKeysConvertedFromPointsToday();
  const [convertedTodayAfterLastConversion, setConvertedTodayAfterLastConversion] = useState<number | null>(null);

  const selected = sources.find((candidate) => candidate.value === source)!;
  const cost = conversionCost(source, keys);
  const balance = user[selected.balanceKey];
  const affordable = covers(balance, cost);
  // The projection of transactions may lag a moment behind a conversion; the conversion's own answer is exact.
  const usedToday = Math.max(convertedToday.data ?? 0, convertedTodayAfterLastConversion ?? 0);
  const remainingToday = Math.max(0, CONVERSION_RATES.dailyKeysFromPointsLimit - usedToday);

  const conversion = useMutation({
    mutationFn: () => convertCurrency({ from_currency: source, to_currency: 'keys', amount: keys }, idempotency.key()),
    onSuccess: async (result) => {
      idempotency.renew();
      setError(null);
      setConvertedTodayAfterLastConversion(result.keys_converted_from_points_today);
      toast.show({
        title: `Converted ${formatBalance(result.amount_spent)} ${result.from_currency} to ${formatBalance(result.keys_received)} ${result.keys_received === 1 ? 'key' : 'keys'}`,
        variant: 'success',
        durationMilliseconds: 3000,
      });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
      await refresh();
      onOpenChange(false);
    },
    onError: (failure) => setError(errorMessage(failure, 'Conversion failed')),
  });

  const change = (update: () => void) => {
    update();
    setError(null);
    idempotency.renew();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Convert Currency" description="Turn points or gems into keys for paid drops.">
      <form
        className="ui-stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (affordable) conversion.mutate();
        }}
      >
        <fieldset className="account-choice">
          <legend>Convert from</legend>
          {sources.map((candidate) => (
            <label key={candidate.value} className="account-choice__option">
              <input type="radio" name="convert-source" value={candidate.value} checked={source === candidate.value} onChange={() => change(() => setSource(candidate.value))} />
              <span>
                {candidate.label} <small className="ui-muted">({candidate.rate}; you have {formatBalance(user[candidate.balanceKey])})</small>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="ui-row" role="group" aria-label="Quick amounts">
          {QUICK_AMOUNTS.map((amount) => (
            <Button key={amount} size="small" variant={keys === amount ? 'primary' : 'secondary'} aria-pressed={keys === amount} onClick={() => change(() => setKeysText(String(amount)))}>
              {amount} {amount === 1 ? 'key' : 'keys'}
            </Button>
          ))}
        </div>
        <TextField
          label="Keys to receive"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={keysText}
          onChange={(event) => change(() => setKeysText(event.target.value))}
          onBlur={() => setKeysText(String(keys))}
        />
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
            {convertedToday.isPending && convertedTodayAfterLastConversion === null ? null : ` · ${usedToday} used today, ${remainingToday} left`}
          </dd>
        </dl>
        {!affordable ? <p className="account-warning">Not enough {source}: you need {formatBalance(cost)}.</p> : null}
        {source === 'points' && affordable && usedToday + keys > CONVERSION_RATES.dailyKeysFromPointsLimit && !convertedToday.isPending ? (
          <p className="account-warning">This is more than today&apos;s remaining limit of {remainingToday} keys from points.</p>
        ) : null}
        {error ? <ErrorBox message={error} /> : null}
        <Button type="submit" disabled={!affordable} busy={conversion.isPending}>
          Convert to {keys} {keys === 1 ? 'key' : 'keys'}
        </Button>
      </form>
    </Dialog>
  );
}
