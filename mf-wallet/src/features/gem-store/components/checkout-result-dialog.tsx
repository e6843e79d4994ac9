import {
  Badge,
  Button,
  ErrorBox,
  Spinner,
  formatBalance,
  formatMoney,
  refreshMoneyViews,
  useSession,
} from '@app/platform';
import { Dialog } from '@app/platform/app';
import { PAYMENT_MESSAGES } from '@app/contracts/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSettling, useCheckoutSession } from '../api/gem-store-api';

export interface CheckoutResultDialogProps {
  sessionId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Another purchase of the same kind: the gem store, or Add funds after a USD top-up. */
  onBuyAgain(currency: 'gems' | 'usd' | 'moves'): void;
}

/** Back from the provider's checkout (`?checkout=<id>`): waits for the webhook's credit and shows what arrived. */
export default function CheckoutResultDialog({ sessionId, open, onOpenChange, onBuyAgain }: CheckoutResultDialogProps) {
  const { query: session, gaveUp } = useCheckoutSession(sessionId);
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const credited = session.data?.credited === true;
  useEffect(() => {
    // The credit changed the balances every wallet view shows.
    if (credited) void Promise.all([refreshMoneyViews(queryClient), refresh()]);
  }, [credited, queryClient, refresh]);

  let body;
  if (session.isPending) body = <Spinner label="Checking your payment" />;
  else if (session.isError)
    body = (
      <ErrorBox message={`Failed to load data: ${session.error.message}`} onRetry={() => void session.refetch()} />
    );
  else body = <CheckoutOutcome session={session.data} gaveUp={gaveUp} />;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Payment">
      <div className="ui-stack">
        {body}
        <div className="ui-row">
          <Button onClick={() => onOpenChange(false)}>Back to Wallet</Button>
          <Button variant="secondary" onClick={() => onBuyAgain(session.data?.credit_currency ?? 'gems')}>
            {session.data?.credit_currency === 'usd' ? 'Add More Funds' : 'Buy More Gems'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

type CheckoutSession = NonNullable<ReturnType<typeof useCheckoutSession>['query']['data']>;

/** What came of the checkout: credited, still settling (or taking too long), not completed, expired or failed. */
function CheckoutOutcome({ session: data, gaveUp }: { session: CheckoutSession; gaveUp: boolean }) {
  const amount =
    data.credit_currency === 'usd' ? formatMoney(data.credit_amount) : `${formatBalance(data.credit_amount)} gems`;
  if (data.credited) {
    return (
      <p role="status">
        <Badge tone="success">Paid</Badge> <strong>{amount}</strong>{' '}
        {data.credit_currency === 'usd' ? 'were added to your USD wallet' : 'were added to your wallet'} for{' '}
        {formatMoney(data.price)}.
      </p>
    );
  }
  if (isSettling(data) && !gaveUp) {
    return (
      <Spinner
        label={
          data.status === 'paid' ? 'Payment received; crediting your wallet' : 'Waiting for the payment to be confirmed'
        }
      />
    );
  }
  if (isSettling(data)) {
    return data.status === 'paid' ? (
      <p role="status">
        Payment received; crediting {amount} is taking longer than usual. Your wallet updates when it lands.
      </p>
    ) : (
      <ErrorBox
        title="Payment not completed"
        message={`The payment for ${amount} was not completed, so nothing was charged or credited.`}
      />
    );
  }
  return (
    <ErrorBox
      title={data.status === 'expired' ? 'Checkout expired' : 'Payment failed'}
      message={data.failure_reason ?? PAYMENT_MESSAGES.processingFailed}
    />
  );
}
