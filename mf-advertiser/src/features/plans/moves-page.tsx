import {
  Badge,
  Button,
  ButtonLink,
  Card,
  ErrorBox,
  PageHeader,
  SkeletonList,
  errorMessage,
  formatBalance,
  formatMoney,
  useSession,
} from '@app/platform';
import { PAYMENT_MESSAGES } from '@app/contracts/payments';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { leavePage, useBuyMoves, useMovesOverview } from './plans-api';

const RETURN_POLL_MS = 2_000;
const RETURN_POLL_LIMIT_MS = 60_000;

/**
 * /plans/moves ('Get More Moves'): the moves balance, this period's allowance, and packages paid by card through the
 * payment port. Back from the provider (`?status=success`) the page polls until the paid moves arrive.
 */
export function MovesPage({ leaveFor = leavePage }: { leaveFor?(url: string): void }) {
  const [params] = useSearchParams();
  const status = params.get('status');
  const [polling, setPolling] = useState(status === 'success');
  const overview = useMovesOverview(polling ? RETURN_POLL_MS : undefined);
  const buy = useBuyMoves();
  const { refresh } = useSession();
  const firstBalance = useRef<number | null>(null);

  useEffect(() => {
    if (!polling || !overview.data) return;
    if (firstBalance.current === null) firstBalance.current = overview.data.moves_balance;
    else if (overview.data.moves_balance > firstBalance.current) {
      setPolling(false);
      void refresh();
    }
  }, [polling, overview.data, refresh]);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setPolling(false), RETURN_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [polling]);

  const purchase = async (packageId: string) => {
    try {
      const answer = await buy.mutateAsync(packageId);
      leaveFor(answer.data.url);
    } catch {
      // Shown from the mutation's error below.
    }
  };

  return (
    <div className="ui-stack">
      <PageHeader
        title="Get More Moves"
        subtitle="Moves pay for campaigns"
        actions={
          <ButtonLink to="/plans" variant="secondary">
            Plans
          </ButtonLink>
        }
      />
      {status === 'success' ? (
        <p role="status" className="ui-card">
          {polling
            ? 'Payment received. Your moves arrive once the payment provider confirms it…'
            : 'Thank you: your moves are in your balance.'}
        </p>
      ) : null}
      {status === 'cancelled' ? (
        <p role="status" className="ui-card">
          The payment was cancelled: nothing was charged.
        </p>
      ) : null}
      {buy.isError ? <ErrorBox message={errorMessage(buy.error, PAYMENT_MESSAGES.createSessionFailed)} /> : null}
      {overview.isPending ? <SkeletonList label="Loading moves" /> : null}
      {overview.isError ? (
        <ErrorBox
          message={`Failed to load move balance: ${overview.error.message}`}
          onRetry={() => void overview.refetch()}
        />
      ) : null}
      {overview.data ? (
        <MovesOffer overview={overview.data} buying={buy} onBuy={(packageId) => void purchase(packageId)} />
      ) : null}
    </div>
  );
}

type MovesOverview = NonNullable<ReturnType<typeof useMovesOverview>['data']>;

/** The balance and this period's allowance, then the packages on sale, each with its Buy button. */
function MovesOffer({
  overview,
  buying,
  onBuy,
}: {
  overview: MovesOverview;
  buying: ReturnType<typeof useBuyMoves>;
  onBuy(packageId: string): void;
}) {
  return (
    <>
      <Card>
        <p>
          Moves available: <strong>{formatBalance(overview.moves_balance)}</strong>
        </p>
        <p>
          Your {overview.allowance.tier} plan adds {formatBalance(overview.allowance.moves)} moves{' '}
          {overview.allowance.period === 'month' ? 'each month' : 'each week'} (this period:{' '}
          {overview.allowance.period_start.slice(0, 10)} to {overview.allowance.period_end.slice(0, 10)}
          {overview.allowance.credited ? ', credited' : ''}).
        </p>
      </Card>
      {overview.packages.length === 0 ? (
        <p>No moves packages are on sale right now.</p>
      ) : (
        <ul className="ui-grid" aria-label="Moves packages">
          {overview.packages.map((item) => (
            <li key={item.id}>
              <Card>
                <h2>
                  {formatBalance(item.moves)} moves {item.label ? <Badge tone="success">{item.label}</Badge> : null}
                </h2>
                <p>
                  <strong>{formatMoney(item.price)}</strong>
                </p>
                <Button
                  disabled={buying.isPending}
                  busy={buying.isPending && buying.variables === item.id}
                  onClick={() => onBuy(item.id)}
                >
                  Buy {formatBalance(item.moves)} moves
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
