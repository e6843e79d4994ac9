import { formatMoney, useSession } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormRadioGroup,
  FormSelect,
  FormTextField,
  SubmitButton,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import { AddFundsOffer } from '@app/platform/market';
import {
  CreateForecastRequestSchema,
  DEFAULT_FORECAST_ODDS,
  FORECAST_CONTENT_PICKER_SIZE,
  FORECAST_MESSAGES,
  FORECAST_ODDS,
  FORECAST_TYPES,
  type ForecastSide,
  type ForecastType,
} from '@app/contracts/forecasts';
import { useEffect } from 'react';
import { metricLabel, potentialPayout, usdMinor } from './forecast-format';
import { useCreateForecast, useForecastContentChoices } from './forecasts-api';

interface CreateForecastValues {
  content_id: string;
  platform: string;
  content_url: string;
  forecast_type: ForecastType;
  target_value: string;
  odds: string;
  expires_at: string;
  initial_side: ForecastSide;
  initial_amount: string;
}

/** A `datetime-local` value (the user's local time, minutes) for a moment. */
export function toLocalDateTimeInput(moment: Date): string {
  const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The request the form's text means; the contract's schema checks it (and the API parses it with the same one). */
function requestOf(values: CreateForecastValues) {
  const expires = values.expires_at ? new Date(values.expires_at) : null;
  return {
    content_id: values.content_id || null,
    platform: values.platform || null,
    content_url: values.content_url.trim(),
    forecast_type: values.forecast_type,
    target_value: values.target_value.trim() === '' ? undefined : Number(values.target_value),
    odds: Number(values.odds),
    expires_at: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : values.expires_at,
    initial_amount: values.initial_amount.trim(),
    initial_side: values.initial_side,
  };
}

/**
 * The contract's schema plus what only the screen can check before asking: a future expiry, a stake within the USD
 * balance.
 */
function createForecastSchema(usdBalance: unknown) {
  const balanceMinor = usdMinor(usdBalance);
  return CreateForecastRequestSchema.superRefine((request, context) => {
    if (new Date(request.expires_at).getTime() <= Date.now())
      context.addIssue({ code: 'custom', path: ['expires_at'], message: FORECAST_MESSAGES.expiresInPast });
    if (request.initial_amount > balanceMinor)
      context.addIssue({ code: 'custom', path: ['initial_amount'], message: FORECAST_MESSAGES.insufficient });
  });
}

const SIDE_OPTIONS = [
  { value: 'over', label: 'Over' },
  { value: 'under', label: 'Under' },
] as const;

/** A new forecast's starting values: views, the default odds, expiring in 24 hours, staked on over. */
function forecastDefaults(): CreateForecastValues {
  return {
    content_id: '',
    platform: '',
    content_url: '',
    forecast_type: 'views',
    target_value: '',
    odds: String(DEFAULT_FORECAST_ODDS),
    expires_at: toLocalDateTimeInput(new Date(Date.now() + 24 * 60 * 60 * 1000)),
    initial_side: 'over',
    initial_amount: '',
  };
}

/**
 * Create Forecast (spec 2 §5): a content URL (picked from the first 20 content items or typed), the metric, a whole
 * target ≥ 1, odds from 1.5x to 5x (default 2x), an expiry in the future (default tomorrow), and the creator's own
 * stake (≥ $1, ≤ the USD balance) on over or under. Submit stays disabled without URL, target or stake.
 */
export function CreateForecastDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const toast = useToast();
  const create = useCreateForecast();
  const choices = useForecastContentChoices(FORECAST_CONTENT_PICKER_SIZE);
  const { user } = useSession();
  const usd = Number(user?.usd_balance ?? 0) || 0;
  const form = useRequestForm<CreateForecastValues, ReturnType<typeof createForecastSchema>>(
    () => createForecastSchema(user?.usd_balance),
    requestOf,
    { defaultValues: forecastDefaults() },
  );
  const [contentId, url, target, stake, odds] = useWatch({
    control: form.control,
    name: ['content_id', 'content_url', 'target_value', 'initial_amount', 'odds'],
  });

  // Picking a content item fills its URL and platform (the forecast then follows that item's real metrics).
  useEffect(() => {
    const picked = choices.data?.find((item) => item.id === contentId);
    form.setValue('platform', picked?.platform ?? '');
    if (picked) form.setValue('content_url', picked.platform_url, { shouldValidate: true });
  }, [contentId, choices.data, form]);

  // Typing another URL after picking an item unpicks it: the forecast follows the URL typed, not the item's metrics.
  useEffect(() => {
    const picked = choices.data?.find((item) => item.id === form.getValues('content_id'));
    if (picked && url !== undefined && url.trim() !== picked.platform_url) form.setValue('content_id', '');
  }, [url, choices.data, form]);

  const contentOptions = [
    { value: '', label: choices.isPending ? 'Loading content…' : 'Another URL (type it below)' },
    ...(choices.data ?? []).map((item) => ({ value: item.id, label: item.title })),
  ];
  const incomplete = !url?.trim() || !target?.trim() || !stake?.trim();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Forecast"
      description={`Predict a social metric and stake on it. You have ${formatMoney(usd)}.`}
    >
      <Form
        form={form}
        fallbackError={FORECAST_MESSAGES.createFailed}
        aria-label="Create forecast"
        onSubmit={async (request) => {
          await create.mutateAsync(request);
          toast.show({ title: 'Forecast created', variant: 'success', durationMilliseconds: 3000 });
          onOpenChange(false);
        }}
      >
        <FormSelect name="content_id" label="Content" options={contentOptions} />
        {choices.isError ? (
          <p className="ui-muted">The content list could not be loaded; type the URL instead.</p>
        ) : null}
        <FormTextField name="content_url" label="Content URL" type="url" required />
        <ForecastTermsFields />
        <StakeFields usd={usd} stake={stake} odds={odds} />
        <FormError />
        <SubmitButton disabled={incomplete}>Create Forecast</SubmitButton>
      </Form>
      <AddFundsOffer neededDollars={Number(stake) || 0} />
    </Dialog>
  );
}

/** What is forecast: the metric, its target, the odds and the expiry (not in the past). */
function ForecastTermsFields() {
  return (
    <>
      <FormSelect
        name="forecast_type"
        label="Metric"
        options={FORECAST_TYPES.map((type) => ({ value: type, label: metricLabel[type] }))}
      />
      <FormTextField name="target_value" label="Target" type="number" inputMode="numeric" min={1} step={1} required />
      <FormSelect
        name="odds"
        label="Odds"
        options={FORECAST_ODDS.map((value) => ({ value: String(value), label: `${value}x` }))}
      />
      <FormTextField
        name="expires_at"
        label="Expires at"
        type="datetime-local"
        min={toLocalDateTimeInput(new Date())}
        required
      />
    </>
  );
}

/** The creator's own side and stake (at most the USD balance), with the payout it would bring at the odds. */
function StakeFields({ usd, stake, odds }: { usd: number; stake: string; odds: string }) {
  return (
    <>
      <FormRadioGroup name="initial_side" legend="Your side" options={SIDE_OPTIONS} />
      <FormTextField
        name="initial_amount"
        label="Your stake (USD)"
        type="number"
        inputMode="decimal"
        min={1}
        max={usd}
        step={0.01}
        required
      />
      <p>
        Potential payout: <strong>{formatMoney(potentialPayout(Number(stake), Number(odds)))}</strong>
      </p>
    </>
  );
}
