import { Button, EmptyState, formatBalance, formatMoney } from '@app/platform';
import { QueryView, fromMinor } from '@app/platform/app';
import { FormRadioGroup, FormTextField, useFormContext } from '@app/platform/forms';
import { DETAIL_FIELD_LABELS, type WithdrawalMethod, maskPaymentDetails } from '@app/contracts/withdrawals';
import type { UseQueryResult } from '@tanstack/react-query';
import { PaymentDetailFields } from '../../../shared/payment-detail-fields';
import {
  GEM_TERMS,
  WITHDRAW_STEPS,
  type WithdrawStep,
  type WithdrawTerms,
  type WithdrawValues,
  amountMinorOf,
  feeMinor,
  toWithdrawalRequest,
  usdFeeMinor,
} from './withdraw-rules';

/** An amount of the withdrawal's currency as the wizard shows it: `$12.50` or `200 gems`. */
export function formatAmount(amount: number | string, terms: WithdrawTerms): string {
  return terms.currency === 'usd' ? formatMoney(amount) : `${formatBalance(amount)} gems`;
}

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

export function AmountStep({
  availableGems,
  terms = GEM_TERMS,
}: {
  availableGems: number | undefined;
  terms?: WithdrawTerms;
}) {
  const { setValue } = useFormContext<WithdrawValues>();
  const pick = (amount: number) => setValue('amount', String(amount), { shouldValidate: true, shouldDirty: true });
  return (
    <>
      <FormTextField
        name="amount"
        label={terms.currency === 'usd' ? 'USD to withdraw' : 'Gems to withdraw'}
        inputMode="decimal"
        autoComplete="off"
        hint={availableGems === undefined ? undefined : `${formatAmount(availableGems, terms)} available`}
      />
      <div className="ui-row" role="group" aria-label="Quick amounts">
        {terms.quickAmounts.map((amount) => (
          <Button key={amount} size="small" variant="secondary" onClick={() => pick(amount)}>
            {terms.currency === 'usd' ? formatMoney(amount) : formatBalance(amount)}
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

export function MethodStep({
  methods,
  terms = GEM_TERMS,
}: {
  methods: UseQueryResult<WithdrawalMethod[]>;
  terms?: WithdrawTerms;
}) {
  return (
    <QueryView
      query={methods}
      loadingLabel="Loading withdrawal methods"
      empty={
        <EmptyState
          title="No withdrawal methods"
          message="No payout method is open right now. Please try again later."
        />
      }
    >
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
                  {method.processing_time} · fee {terms.feePercentageOf(method)}% · from{' '}
                  {formatAmount(terms.methodMinimumOf(method) ?? terms.minAmount, terms)}
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

export function ConfirmStep({
  method,
  terms = GEM_TERMS,
}: {
  method: WithdrawalMethod | undefined;
  terms?: WithdrawTerms;
}) {
  const { getValues } = useFormContext<WithdrawValues>();
  const values = getValues();
  const amountMinor = amountMinorOf(values.amount) ?? 0n;
  if (!method) return null;
  const feePercentage = terms.feePercentageOf(method);
  const fee = terms.currency === 'usd' ? usdFeeMinor(amountMinor, feePercentage) : feeMinor(amountMinor, feePercentage);
  const request = toWithdrawalRequest(values, method, terms.currency);
  const masked = maskPaymentDetails(request.payment_details);
  const show = (minor: bigint) => formatAmount(fromMinor(minor, terms.currency), terms);
  return (
    <dl className="wallet-summary" aria-label="Withdrawal summary">
      <dt>Amount</dt>
      <dd>{show(amountMinor)}</dd>
      <dt>Method</dt>
      <dd>{method.display_name}</dd>
      <dt>Fee ({feePercentage}%)</dt>
      <dd>{show(fee)}</dd>
      <dt>You receive</dt>
      <dd>{show(amountMinor - fee)}</dd>
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
