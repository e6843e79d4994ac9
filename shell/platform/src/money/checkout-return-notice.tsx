import { PAYMENT_MESSAGES, getCheckoutSessionRoute } from '@app/contracts/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../api/api-client';
import { formatBalance, formatMoney } from '../format/format';
import { paymentKeys, refreshMoneyViews } from '../query/query-keys';
import { useSession } from '../session/session-context';
import { Button } from '../ui/button';
import { ErrorBox, Spinner } from '../ui/feedback';

const POLL_MILLISECONDS = 1500;
const POLL_ATTEMPTS = 40;

export interface CheckoutReturnNoticeProps {
  /** The `checkout` query parameter the provider sent the browser back with. */
  sessionId: string;
  /** Removes `?checkout=` from the address (the notice goes with it). */
  onDismiss(): void;
}

/**
 * Back from the provider's checkout on the page the person left (`?checkout=<id>`): waits for the webhook's credit,
 * refreshes every balance, and says what arrived and what the USD balance is now.
 */
export function CheckoutReturnNotice({ sessionId, onDismiss }: CheckoutReturnNoticeProps) {
  const { user, refresh } = useSession();
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: paymentKeys.checkoutSession(sessionId),
    queryFn: ({ signal }) => apiClient().call(getCheckoutSessionRoute, { params: { sessionId }, signal }),
    refetchInterval: (current) => {
      const data = current.state.data;
      const settling = !data || data.status === 'open' || (data.status === 'paid' && !data.credited);
      return settling && current.state.dataUpdateCount < POLL_ATTEMPTS ? POLL_MILLISECONDS : false;
    },
  });
  const credited = session.data?.credited === true;
  useEffect(() => {
    // The credit changed the balances every view shows, the dialog the person reopens included.
    if (credited) void Promise.all([refreshMoneyViews(queryClient), refresh()]);
  }, [credited, queryClient, refresh]);

  let body;
  if (session.isPending) body = <Spinner label="Checking your payment" />;
  else if (session.isError)
    body = <ErrorBox message={PAYMENT_MESSAGES.processingFailed} onRetry={() => void session.refetch()} />;
  else {
    const data = session.data;
    const amount =
      data.credit_currency === 'usd'
        ? formatMoney(data.credit_amount)
        : `${formatBalance(data.credit_amount)} ${data.credit_currency}`;
    if (data.credited) {
      body = (
        <p>
          <strong>{amount}</strong> added to your wallet. Your USD balance is now{' '}
          <strong>{formatMoney(Number(user?.usd_balance ?? 0) || 0)}</strong>.
        </p>
      );
    } else if (data.status === 'open' || data.status === 'paid') {
      body = (
        <Spinner
          label={
            data.status === 'paid'
              ? 'Payment received; crediting your wallet'
              : 'Waiting for the payment to be confirmed'
          }
        />
      );
    } else {
      body = <p>The payment for {amount} was not completed, so nothing was charged or added.</p>;
    }
  }
  return (
    <div className="ui-card ui-row" role="status" aria-label="Payment">
      {body}
      <Button type="button" size="small" variant="secondary" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
