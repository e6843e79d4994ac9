import { Button, formatBalance, formatMoney, useSession } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormRadioGroup,
  FormTextField,
  SubmitButton,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import { AddFundsOffer } from '@app/platform/market';
import {
  FORECAST_MESSAGES,
  PREDICTION_PRESETS_USD,
  PredictRequestSchema,
  type ForecastSide,
  type SocialForecast,
} from '@app/contracts/forecasts';
import { z } from 'zod';
import { forecastTitle, metricLabel, potentialPayout, usdMinor } from './forecast-format';
import { usePredict } from './forecasts-api';

interface PredictValues {
  prediction_amount: string;
  prediction_side: ForecastSide;
}

/**
 * The contract's request schema, plus the one rule only the screen knows: not above the USD balance (spec 2 §5).
 * The schema's amount is exact minor units (bigint), so the balance is compared in minor units too.
 */
export function predictSchema(usdBalance: unknown) {
  const balanceMinor = usdMinor(usdBalance);
  return PredictRequestSchema.superRefine((request, context) => {
    if (request.prediction_amount > balanceMinor)
      context.addIssue({ code: 'custom', path: ['prediction_amount'], message: FORECAST_MESSAGES.insufficient });
  });
}

const SIDE_OPTIONS = [
  { value: 'over', label: 'Over' },
  { value: 'under', label: 'Under' },
] as const;

/** The dialog's description: the forecast, its target and odds, and the USD the user has to stake. */
function predictionSummary(forecast: SocialForecast, usd: number): string {
  return (
    `${forecastTitle(forecast)}: ${metricLabel[forecast.forecast_type]} over or under ` +
    `${formatBalance(forecast.target_value)} at ${forecast.odds}x. You have ${formatMoney(usd)}.`
  );
}

/**
 * Make Your Prediction (spec 2 §5): stake at least $1.00 and not above the USD balance (presets $5, 10, 25, 50) on
 * over or under; the potential payout (stake × odds) updates as you type. Server refusals (expired, insufficient)
 * show in the modal; anything without a message is 'Failed to place prediction'.
 */
export function PredictDialog({
  forecast,
  open,
  onOpenChange,
}: {
  forecast: SocialForecast;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const toast = useToast();
  const predict = usePredict();
  const { user } = useSession();
  // Balances arrive as exact decimal text; a dollar figure with 4 decimals is exact as a number here.
  const usd = Number(user?.usd_balance ?? 0) || 0;
  const form = useRequestForm<PredictValues, ReturnType<typeof predictSchema>>(
    () => predictSchema(user?.usd_balance),
    (values) => ({ prediction_amount: values.prediction_amount.trim(), prediction_side: values.prediction_side }),
    { defaultValues: { prediction_amount: '', prediction_side: 'over' } },
  );
  const amount = useWatch({ control: form.control, name: 'prediction_amount' });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Make Your Prediction"
      description={predictionSummary(forecast, usd)}
    >
      <Form
        form={form}
        fallbackError={FORECAST_MESSAGES.placeFailed}
        aria-label="Make your prediction"
        onSubmit={async (request: z.input<typeof PredictRequestSchema>) => {
          await predict.mutateAsync({ forecastId: forecast.id, ...request });
          toast.show({ title: 'Prediction placed', variant: 'success', durationMilliseconds: 3000 });
          onOpenChange(false);
        }}
      >
        <FormRadioGroup name="prediction_side" legend="Your prediction" options={SIDE_OPTIONS} />
        <FormTextField
          name="prediction_amount"
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          min={1}
          max={usd}
          step={0.01}
        />
        <div className="ui-row" role="group" aria-label="Preset amounts">
          {PREDICTION_PRESETS_USD.map((preset) => (
            <Button
              key={preset}
              size="small"
              variant="secondary"
              onClick={() => form.setValue('prediction_amount', String(preset), { shouldValidate: true })}
            >
              ${preset}
            </Button>
          ))}
        </div>
        <p>
          Potential payout: <strong>{formatMoney(potentialPayout(Number(amount), forecast.odds))}</strong>
        </p>
        <FormError />
        <SubmitButton>Place Prediction</SubmitButton>
      </Form>
      <AddFundsOffer neededDollars={Number(amount) || 0} />
    </Dialog>
  );
}
