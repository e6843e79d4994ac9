import { minorToApiNumber } from '@app/contracts/ledger';
import type { CheckoutSessionStatus } from '@app/contracts/payments';
import type { CheckoutSessionState } from '../domain/checkout-session';

/** The answer of `GET /api/payments/checkout-sessions/:id` from a session's folded state. */
export function checkoutStatusView(state: CheckoutSessionState): CheckoutSessionStatus {
  const created = state.created!;
  return {
    id: created.sessionId,
    kind: created.kind,
    provider: created.provider as CheckoutSessionStatus['provider'],
    package_id: created.packageId,
    price: created.amountCents / 100,
    // Past its deadline an unpaid session can no longer be paid (the local page expires it on the next visit,
    // Stripe sends checkout.session.expired): the wallet shows it as expired meanwhile.
    status:
      state.status === 'open' && Date.now() >= Date.parse(created.expiresAt)
        ? 'expired'
        : state.status === 'none'
          ? 'open'
          : state.status,
    credit_currency: created.creditCurrency,
    credit_amount: minorToApiNumber(BigInt(created.creditMinor), created.creditCurrency),
    credited: state.paid !== null,
    transaction_id: state.paid?.transactionId ?? null,
    failure_reason: state.failureReason,
    created_at: created.createdAt,
    paid_at: state.paid?.paidAt ?? null,
    expires_at: created.expiresAt,
  };
}
