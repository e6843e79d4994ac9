import { Badge, Card, EmptyState, PageHeader, apiClient, formatBalance, formatMoney, ledgerKeys, useCurrentUser } from '@app/platform';
import { FeatureUnavailable, QueryView, pointsInDollars } from '@app/platform/app';
import { TransactionsResponseSchema, WalletsResponseSchema } from '@app/contracts/ledger';
import { useQuery } from '@tanstack/react-query';

const currencyLabels: Record<string, string> = { points: 'Points', keys: 'Keys', gems: 'Gems', gold: 'Gold', usd: 'US dollars', moves: 'Moves' };
const RECENT_TRANSACTIONS = { limit: 20 };

/** /wallet: balances, per-currency wallets with holds, and the transaction history, all from the ledger. */
export function WalletPage() {
  const user = useCurrentUser();
  // Ledger keys: a conversion or purchase anywhere in the page (the shell's dialogs too) reloads both lists.
  const wallets = useQuery({ queryKey: ledgerKeys.wallets(), queryFn: ({ signal }) => apiClient().get('/api/users/wallets', { schema: WalletsResponseSchema, signal }) });
  const transactions = useQuery({
    queryKey: ledgerKeys.transactions(RECENT_TRANSACTIONS),
    queryFn: async ({ signal }) => (await apiClient().get('/api/users/transactions', { query: RECENT_TRANSACTIONS, schema: TransactionsResponseSchema, signal })).transactions,
  });
  return (
    <div className="ui-stack">
      <PageHeader title="Wallet" subtitle={`${formatBalance(user.points_balance)} points are worth ${formatMoney(pointsInDollars(user.points_balance))}.`} />
      <Card title="Wallets">
        <QueryView query={wallets} loadingLabel="Loading wallets" empty={<EmptyState title="No wallets yet" message="Wallets open with your first earning." />} unavailable={<FeatureUnavailable feature="Wallets" />}>
          {(list) => (
            <ul className="ui-list" aria-label="Wallets">
              {list.map((wallet) => (
                <li key={wallet.currency_type} className="ui-list__item">
                  <span>{currencyLabels[wallet.currency_type] ?? wallet.currency_type}</span>
                  <span className="ui-row">
                    <strong>{wallet.currency_type === 'usd' ? formatMoney(wallet.balance) : formatBalance(wallet.balance)}</strong>
                    {wallet.held_balance !== 0 ? <Badge tone="warning">{formatBalance(wallet.held_balance)} on hold</Badge> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <Card title="Recent transactions">
        <QueryView
          query={transactions}
          loadingLabel="Loading transactions"
          empty={<EmptyState title="No transactions yet" message="Every earning, conversion and spend is listed here." />}
          unavailable={<FeatureUnavailable feature="Transaction history" />}
        >
          {(list) => (
            <ul className="ui-list" aria-label="Transactions">
              {list.map((transaction) => (
                <li key={transaction.id} className="ui-list__item">
                  <span>
                    {transaction.description || transaction.transaction_type}
                    <br />
                    <small className="ui-muted">{new Date(transaction.created_at).toLocaleString()}</small>
                  </span>
                  <span className="ui-row">
                    <strong>
                      {transaction.amount < 0 ? '' : '+'}
                      {formatBalance(transaction.amount)} {currencyLabels[transaction.currency_type] ?? transaction.currency_type}
                    </strong>
                    {transaction.status !== 'completed' ? <Badge>{transaction.status}</Badge> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </div>
  );
}
