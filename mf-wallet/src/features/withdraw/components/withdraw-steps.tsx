import { Button, EmptyState, formatBalance } from '@app/platform';
import { FormRadioGroup, FormTextField, QueryView, fromMinor, useFormContext } from '@app/platform/app';
import { DETAIL_FIELD_LABELS, type WithdrawalMethod, maskPaymentDetails } from '@app/contracts/withdrawals';
import type { UseQueryResult } from '@tanstack/react-query';
import { PaymentDetailFields } from '../../../shared/payment-detail-fields';
import { QUICK_AMOUNTS, WITHDRAW_STEPS, type WithdrawStep, type WithdrawValues, amountMinorOf, feeMinor, toWithdrawalRequest } from './withdraw-rules';

export function StepIndicator({ step }: { step: WithdrawStep }) {
  return (
    <ol className="wallet-steps" aria-label="Withdrawal steps">
      {WITHDRAW_STEPS.map((label, index) => (
        <li key={label} aria-current={index === step ? 'step' : undefined}>
          {index + 1}. {label}
        </li>
      ))}
    </ol>
  );
}

export function AmountStep({ availableGems }: { availableGems: number | undefined }) {
  const { setValue } = useFormContext<WithdrawValues>();
  const pick = (amount: number) => setValue('amount', String(amount), { shouldValidate: true, shouldDirty: true });
  return (
    <>
      <FormTextField name="amount" label="Gems to withdraw" inputMode="decimal" autoComplete="off" hint={availableGems === undefined ? undefined : `${formatBalance(availableGems)} gems available`} />
      <div className="ui-row" role="group" aria-label="Quick amounts">
        {QUICK_AMOUNTS.map((amount) => (
          <Button key={amount} size="small" variant="secondary" onClick={() => pick(amount)}>
            {formatBalance(amount)}
          </Button>
        ))}
        {availableGems !== undefined ? (
          <Button size="small" variant="secondary" onClick={() => pick(availableGems)}>
            Max
          </Button>
        ) : null}
      </div>
    </>
  );
}

export function MethodStep({ methods }: { methods: UseQueryResult<WithdrawalMethod[]> }) {
  return (
    <QueryView query={methods} loadingLabel="Loading withdrawal methods" empty={<EmptyState title="No withdrawal methods" message="No payout method is open right now. Please try again later." />}>
      {(list) => (
        <FormRadioGroup
          name="payment_method"
          legend="Withdrawal method"
          options={list.map((method) => ({
            value: method.method_name,
            label: (
              <>
                <strong>{method.display_name}</strong>
                <br />
                <small className="ui-muted">
                  {method.processing_time} · fee {method.fee_percentage}% · from {formatBalance(method.min_amount)} gems
                </small>
              </>
            ),
          }))}
        />
      )}
    </QueryView>
  );
}

export function DetailsStep({ method }: { method: WithdrawalMethod | undefined }) {
  if (!method) return null;
  return (
    <fieldset className="ui-stack">
      <legend>{method.display_name} details</legend>
      <PaymentDetailFields fields={method.required_fields} prefix="payment_details" />
    </fieldset>
  );
}

export function ConfirmStep({ method }: { method: WithdrawalMethod | undefined }) {
  const { getValues } = useFormContext<WithdrawValues>();
  const values = getValues();
  const amountMinor = amountMinorOf(values.amount) ?? 0n;
  if (!method) return null;
  const fee = feeMinor(amountMinor, method.fee_percentage);
  const request = toWithdrawalRequest(values, method);
  const masked = maskPaymentDetails(request.payment_details);
  return (
    <dl className="wallet-summary" aria-label="Withdrawal summary">
      <dt>Amount</dt>
      <dd>{formatBalance(fromMinor(amountMinor, 'gems'))} gems</dd>
      <dt>Method</dt>
      <dd>{method.display_name}</dd>
      <dt>Fee ({method.fee_percentage}%)</dt>
      <dd>{formatBalance(fromMinor(fee, 'gems'))} gems</dd>
      <dt>You receive</dt>
      <dd>{formatBalance(fromMinor(amountMinor - fee, 'gems'))} gems</dd>
      <dt>Processing time</dt>
      <dd>{method.processing_time}</dd>
      {Object.entries(masked).map(([field, value]) => (
        <div key={field} className="wallet-summary__row">
          <dt>{(DETAIL_FIELD_LABELS as Record<string, string>)[field] ?? field}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
