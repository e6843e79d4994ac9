import {
  PAYMENT_MESSAGES,
  USD_TOP_UP_LIMITS,
  UsdTopUpRequestSchema,
  createUsdTopUpRoute,
} from '@app/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../api/api-client';
import { errorMessage } from '../api/error-message';
import { useIdempotencyKey } from '../api/idempotency';
import { formatMoney } from '../format/format';
import { useSession } from '../session/session-context';
import { Button } from '../ui/button';
import { ErrorBox } from '../ui/feedback';
import { TextField } from '../ui/text-field';

/** Dollars as integer 1/10,000ths (the ledger's USD scale), so comparisons and shortfalls stay exact. */
const usdMinor = (value: unknown): number => {
  const amount = Number(value);
  return Number.isFinite(amount) ? Math.round(amount * 10_000) : 0;
};

/** What to suggest adding: the shortfall rounded up to a cent, never below the provider's minimum top-up. */
export function suggestedTopUp(neededDollars: number, balanceDollars: unknown): string {
  const shortfallCents = Math.ceil((usdMinor(neededDollars) - usdMinor(balanceDollars)) / 100);
  const cents = Math.min(
    Math.max(shortfallCents, USD_TOP_UP_LIMITS.minDollars * 100),
    USD_TOP_UP_LIMITS.maxDollars * 100,
  );
  return (cents / 100).toFixed(2);
}

/**
 * Starts a USD top-up at the payment provider. `returnPath` (a path of this app, no query) is where the provider sends
 * the browser back, with `?checkout=<session>&status=...`: the page the person was on.
 */
export function startUsdTopUp(amount: string, returnPath: string, idempotencyKey: string) {
  return apiClient().call(createUsdTopUpRoute, {
    body: { amount, return_path: returnPath },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The server accepts only a plain path back (letters, digits, - . _ ~ /); anything else returns to the wallet. */
export function returnPathOf(pathname: string): string {
  return /^\/(?!\/)[A-Za-z0-9\-._~/]*$/.test(pathname) ? pathname : '/wallet';
}

const leavePage = (url: string) => window.location.assign(url);

export interface AddFundsFormProps {
  /** The amount the field starts with (dollars, 2 decimals). */
  defaultAmount?: string;
  /** Where checkout returns; default the current page. */
  returnPath?: string;
  /** Sends the browser to the provider's hosted checkout (a full page load); tests pass their own. */
  leaveFor?(url: string): void;
}

/**
 * Amount and "Continue to payment". Not a <form>: it sits inside other dialogs' forms, and forms do not nest.
 */
export function AddFundsForm({ defaultAmount = '', returnPath, leaveFor = leavePage }: AddFundsFormProps) {
  const [amount, setAmount] = useState(defaultAmount);
  const [problem, setProblem] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const start = useMutation({
    mutationFn: (dollars: string) =>
      startUsdTopUp(dollars, returnPath ?? returnPathOf(window.location.pathname), idempotency.key()),
    onSuccess: (session) => leaveFor(session.checkout_url),
    // Another amount is another purchase: the next attempt gets its own key.
    onError: () => idempotency.renew(),
  });
  const submit = () => {
    const parsed = UsdTopUpRequestSchema.safeParse({ amount: amount.trim() });
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter an amount in dollars'));
    if (parsed.success) start.mutate(amount.trim());
  };
  return (
    <div className="ui-stack" role="group" aria-label="Add funds">
      <TextField
        label="Amount in US dollars"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        onKeyDown={(event) => {
          // Enter pays rather than submitting the dialog's own form around it.
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        error={problem ?? undefined}
        hint={
          `${formatMoney(USD_TOP_UP_LIMITS.minDollars)} to ${formatMoney(USD_TOP_UP_LIMITS.maxDollars)}, ` +
          'paid by card'
        }
      />
      {start.isError ? <ErrorBox message={errorMessage(start.error, PAYMENT_MESSAGES.createSessionFailed)} /> : null}
      <Button type="button" busy={start.isPending} disabled={start.isSuccess} onClick={submit}>
        Continue to payment
      </Button>
    </div>
  );
}

export interface AddFundsOfferProps extends Omit<AddFundsFormProps, 'defaultAmount'> {
  /** Dollars the dialog is about to spend; nothing shows while the USD balance covers it. */
  neededDollars: number;
}

/**
 * For every dialog that spends dollars: when the USD balance is short of `neededDollars`, says so and offers "Add
 * funds", a card top-up that comes back to this page (`?checkout=`, shown by `CheckoutReturnNotice`).
 */
export function AddFundsOffer({ neededDollars, ...form }: AddFundsOfferProps) {
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  // Balances arrive as exact decimal text or a number; dollars with 4 decimals are exact as a number here.
  const balance = Number(user?.usd_balance ?? 0) || 0;
  if (!user || !(neededDollars > 0) || usdMinor(balance) >= usdMinor(neededDollars)) return null;
  return (
    <div className="ui-stack ui-card" role="alert" aria-label="Not enough dollars">
      <p>
        Your USD balance is <strong>{formatMoney(balance)}</strong>; this needs{' '}
        <strong>{formatMoney(neededDollars)}</strong>.
      </p>
      {adding ? (
        <AddFundsForm {...form} defaultAmount={suggestedTopUp(neededDollars, balance)} />
      ) : (
        <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
          Add funds
        </Button>
      )}
    </div>
  );
}
