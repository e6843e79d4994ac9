import { type Currency, parseRequestAmount } from '@app/contracts/ledger';
import { WITHDRAWAL_LIMITS, WITHDRAWAL_MESSAGES, WithdrawalRequestSchema, type WithdrawalMethod, validatePaymentDetails } from '@app/contracts/withdrawals';
import { toMinor } from '@app/platform/app';

export const WITHDRAW_STEPS = ['Amount', 'Method', 'Details', 'Confirm'] as const;
export type WithdrawStep = 0 | 1 | 2 | 3;

/** Quick picks of the amount step (spec 3 §9); "Max" is the available balance. */
export const QUICK_AMOUNTS = [200, 500, 1000] as const;

/** The wizard's inputs, named like the request's fields so the server's `field_errors` land on them. */
export interface WithdrawValues {
  amount: string;
  payment_method: string;
  payment_details: Record<string, string>;
}

export const INITIAL_WITHDRAW_VALUES: WithdrawValues = { amount: String(WITHDRAWAL_LIMITS.minGems), payment_method: '', payment_details: {} };

const GEMS: Currency = 'gems';
const amountRule = { label: 'Amount', currency: GEMS, min: 0, max: WITHDRAWAL_LIMITS.maxGems };

/** The amount in minor gem units, or undefined when the text is not an amount. */
export function amountMinorOf(text: string): bigint | undefined {
  const parsed = parseRequestAmount(text.trim(), amountRule);
  return parsed.ok ? parsed.amountMinor : undefined;
}

/** The request as it goes over the wire: only the chosen method's fields, an optional blank one left out. */
export function toWithdrawalRequest(values: WithdrawValues, method: WithdrawalMethod | undefined) {
  const details: Record<string, string> = {};
  for (const field of method?.required_fields ?? []) {
    const value = values.payment_details?.[field] ?? '';
    if (value.trim() !== '') details[field] = value;
  }
  return { amount: values.amount.trim(), payment_method: values.payment_method, payment_details: details };
}

interface StepContext {
  step: WithdrawStep;
  /** Available (not held) gems; unknown while the wallets load (the server checks it anyway). */
  availableGems: number | undefined;
  method: WithdrawalMethod | undefined;
}

/**
 * What each step checks before Forward (and all of it before Confirm), with the contract's own messages and rules:
 * the amount at least 200 and at most the available gems, a method whose minimum the amount meets, and every detail
 * the method requires by `validatePaymentDetails`, the function the server runs.
 */
export function withdrawStepSchema({ step, availableGems, method }: StepContext) {
  // Each step checks only what has been asked so far: the contract's request schema, cut to the step's fields.
  const base = step === 0 ? WithdrawalRequestSchema.pick({ amount: true }) : step === 1 ? WithdrawalRequestSchema.pick({ amount: true, payment_method: true }) : WithdrawalRequestSchema;
  return base.superRefine((request: { amount: bigint; payment_details?: Record<string, unknown> }, context) => {
    const amountMinor = request.amount;
    if (amountMinor < toMinor(WITHDRAWAL_LIMITS.minGems, GEMS)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.insufficientGems });
      return;
    }
    if (availableGems !== undefined && amountMinor > toMinor(availableGems, GEMS)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.notEnoughAvailable });
      return;
    }
    if (step < 1) return;
    if (!method) {
      context.addIssue({ code: 'custom', path: ['payment_method'], message: 'Please choose a withdrawal method' });
      return;
    }
    if (amountMinor < toMinor(method.min_amount, GEMS)) {
      context.addIssue({ code: 'custom', path: ['payment_method'], message: `${WITHDRAWAL_MESSAGES.belowMethodMinimum} (${method.min_amount} gems)` });
      return;
    }
    if (step < 2) return;
    const details = validatePaymentDetails(method.required_fields, request.payment_details ?? {});
    if (!details.ok) for (const error of details.errors) context.addIssue({ code: 'custom', path: ['payment_details', error.field], message: error.message });
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

