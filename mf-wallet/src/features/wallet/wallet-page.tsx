import { Badge, Card, EmptyState, PageHeader, apiClient, formatBalance, formatMoney, useCurrentUser } from '@app/platform';
import { FeatureUnavailable, QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { transactionListSchema, walletListSchema } from './wallet-schemas';

const currencyLabels: Record<string, string> = { points: 'Points', keys: 'Keys', gems: 'Gems', gold: 'Gold', usd: 'US dollars', moves: 'Moves' };

/** Points to USD: 1000 points = $1 (spec 1 §9), computed on the decimal text. */
export function pointsInDollars(points: string): string {
  const [whole, fraction = ''] = points.replace('-', '').split('.');
  const thousandths = `${whole}${fraction.padEnd(3, '0').slice(0, 3)}`.padStart(4, '0');
  const dollars = `${thousandths.slice(0, -6) || '0'}.${thousandths.slice(-6).padStart(6, '0')}`;
  return `${points.startsWith('-') ? '-' : ''}${dollars}`;
}

/** /wallet: balances, per-currency wallets with holds, and the transaction history, all from the ledger. */
export function WalletPage() {
  const user = useCurrentUser();
  const wallets = useQuery({ queryKey: ['wallets'], queryFn: ({ signal }) => apiClient().get('/api/users/wallets', { schema: walletListSchema, signal }) });
  const transactions = useQuery({
    queryKey: ['transactions'],
    queryFn: ({ signal }) => apiClient().get('/api/users/transactions', { query: { limit: 20 }, schema: transactionListSchema, signal }),
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
                    {wallet.held_balance && Number(wallet.held_balance) !== 0 ? <Badge tone="warning">{formatBalance(wallet.held_balance)} on hold</Badge> : null}
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
                      {transaction.amount.startsWith('-') ? '' : '+'}
                      {formatBalance(transaction.amount)} {currencyLabels[transaction.currency_type] ?? transaction.currency_type}
                    </strong>
                    {transaction.status && transaction.status !== 'completed' ? <Badge>{transaction.status}</Badge> : null}
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
