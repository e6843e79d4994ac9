import { type Currency, parseRequestAmount } from '@app/contracts/ledger';
import {
  WITHDRAWAL_LIMITS,
  WITHDRAWAL_MESSAGES,
  WithdrawalRequestSchema,
  type UsdWithdrawalTerms,
  type WithdrawalMethod,
  validatePaymentDetails,
} from '@app/contracts/withdrawals';
import { toMinor } from '@app/platform/app';

export const WITHDRAW_STEPS = ['Amount', 'Method', 'Details', 'Confirm'] as const;
export type WithdrawStep = 0 | 1 | 2 | 3;

/** Quick picks of the amount step (spec 3 §9); "Max" is the available balance. */
export const QUICK_AMOUNTS = [200, 500, 1000] as const;

/**
 * What differs between a gem and a USD withdrawal (the same wizard, the same server lifecycle): the minimum (gems:
 * 200 and each method's own; USD: the configured one for every method), the fee (the method's or the configured USD
 * fee), the quick picks and how amounts read.
 */
export interface WithdrawTerms {
  currency: 'gems' | 'usd';
  minAmount: number;
  quickAmounts: readonly number[];
  feePercentageOf(method: WithdrawalMethod): number;
  /** The method's own minimum (gems only), or null. */
  methodMinimumOf(method: WithdrawalMethod): number | null;
  belowMinimumMessage: string;
  notEnoughMessage: string;
}

export const GEM_TERMS: WithdrawTerms = {
  currency: 'gems',
  minAmount: WITHDRAWAL_LIMITS.minGems,
  quickAmounts: QUICK_AMOUNTS,
  feePercentageOf: (method) => method.fee_percentage,
  methodMinimumOf: (method) => method.min_amount,
  belowMinimumMessage: WITHDRAWAL_MESSAGES.insufficientGems,
  notEnoughMessage: WITHDRAWAL_MESSAGES.notEnoughAvailable,
};

/** USD terms from `GET /api/withdrawal/usd-terms`. */
export function usdTerms(terms: UsdWithdrawalTerms): WithdrawTerms {
  return {
    currency: 'usd',
    minAmount: terms.min_amount,
    quickAmounts: [terms.min_amount, 50, 100].filter(
      (amount, index, all) => amount >= terms.min_amount && all.indexOf(amount) === index,
    ),
    feePercentageOf: () => terms.fee_percentage,
    methodMinimumOf: () => null,
    belowMinimumMessage: WITHDRAWAL_MESSAGES.usdBelowMinimum(terms.min_amount),
    notEnoughMessage: WITHDRAWAL_MESSAGES.notEnoughUsd,
  };
}

export const initialWithdrawValues = (terms: WithdrawTerms): WithdrawValues => ({
  amount: String(terms.minAmount),
  payment_method: '',
  payment_details: {},
});

/** The wizard's inputs, named like the request's fields so the server's `field_errors` land on them. */
export interface WithdrawValues {
  amount: string;
  payment_method: string;
  payment_details: Record<string, string>;
}

export const INITIAL_WITHDRAW_VALUES: WithdrawValues = {
  amount: String(WITHDRAWAL_LIMITS.minGems),
  payment_method: '',
  payment_details: {},
};

const GEMS: Currency = 'gems';
const amountRule = { label: 'Amount', currency: GEMS, min: 0, max: WITHDRAWAL_LIMITS.maxGems };

/** The amount in minor gem units, or undefined when the text is not an amount. */
export function amountMinorOf(text: string): bigint | undefined {
  const parsed = parseRequestAmount(text.trim(), amountRule);
  return parsed.ok ? parsed.amountMinor : undefined;
}

/** The request as it goes over the wire: only the chosen method's fields, an optional blank one left out. */
export function toWithdrawalRequest(
  values: WithdrawValues,
  method: WithdrawalMethod | undefined,
  currency: 'gems' | 'usd' = 'gems',
) {
  const details: Record<string, string> = {};
  for (const field of method?.required_fields ?? []) {
    const value = values.payment_details?.[field] ?? '';
    if (value.trim() !== '') details[field] = value;
  }
  return {
    amount: values.amount.trim(),
    payment_method: values.payment_method,
    payment_details: details,
    currency_type: currency,
  };
}

interface StepContext {
  step: WithdrawStep;
  /** Available (not held) balance of the currency; unknown while the wallets load (the server checks it anyway). */
  available: number | undefined;
  method: WithdrawalMethod | undefined;
  terms?: WithdrawTerms;
}

/**
 * What each step checks before Forward (and all of it before Confirm), with the contract's own messages and rules:
 * the amount at least 200 and at most the available gems, a method whose minimum the amount meets, and every detail
 * the method requires by `validatePaymentDetails`, the function the server runs.
 */
export function withdrawStepSchema({ step, available, method, terms = GEM_TERMS }: StepContext) {
  // Each step checks only what has been asked so far: the contract's request schema, cut to the step's fields.
  const base =
    step === 0
      ? WithdrawalRequestSchema.pick({ amount: true })
      : step === 1
        ? WithdrawalRequestSchema.pick({ amount: true, payment_method: true })
        : WithdrawalRequestSchema;
  return base.superRefine((request: { amount: bigint; payment_details?: Record<string, unknown> }, context) => {
    const amountMinor = request.amount;
    if (terms.currency === 'usd' && amountMinor % 100n !== 0n) {
      context.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.usdWholeCents });
      return;
    }
    if (amountMinor < toMinor(terms.minAmount, terms.currency)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: terms.belowMinimumMessage });
      return;
    }
    if (available !== undefined && amountMinor > toMinor(available, terms.currency)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: terms.notEnoughMessage });
      return;
    }
    if (step < 1) return;
    if (!method) {
      context.addIssue({ code: 'custom', path: ['payment_method'], message: 'Please choose a withdrawal method' });
      return;
    }
    const methodMinimum = terms.methodMinimumOf(method);
    if (methodMinimum !== null && amountMinor < toMinor(methodMinimum, GEMS)) {
      context.addIssue({
        code: 'custom',
        path: ['payment_method'],
        message: `${WITHDRAWAL_MESSAGES.belowMethodMinimum} (${methodMinimum} gems)`,
      });
      return;
    }
    if (step < 2) return;
    const details = validatePaymentDetails(method.required_fields, request.payment_details ?? {});
    if (!details.ok)
      for (const error of details.errors)
        context.addIssue({ code: 'custom', path: ['payment_details', error.field], message: error.message });
  });
}

/** Which step shows a field: where to go back to when the server refuses it. */
export function stepOfField(field: string): WithdrawStep {
  if (field === 'amount') return 0;
  if (field === 'payment_method') return 1;
  return 2;
}

/** The method's fee on an amount, to the gem's minor unit (half up); the server's answer is the one recorded. */
export function feeMinor(amountMinor: bigint, feePercentage: number): bigint {
  const hundredthsOfPercent = BigInt(Math.round(feePercentage * 100));
  return (amountMinor * hundredthsOfPercent + 5_000n) / 10_000n;
}

/** A USD fee as the server takes it: rounded down to the cent. */
export function usdFeeMinor(amountMinor: bigint, feePercentage: number): bigint {
  const hundredthsOfPercent = BigInt(Math.round(feePercentage * 100));
  return ((amountMinor * hundredthsOfPercent) / 10_000n / 100n) * 100n;
}
