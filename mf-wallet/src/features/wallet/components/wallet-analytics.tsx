import { ButtonLink, Card, Chart, EmptyState, formatBalance } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { TrendingUp } from '@app/platform/icons';
import { HISTORY_DAYS, useBalanceHistory } from '../api/wallet-api';
import { WALLET_WEIGHTS, walletValue } from './wallet-value';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Nov 5'. The ledger's days are UTC days, so they are labelled in UTC (a local zone would shift them by one). Not
 * with toLocaleDateString: it builds a date formatter per call, and the chart's 31 labels took 350 ms of main thread
 * at 4x CPU on the wallet's first page. The app formats in en-US (platform format.ts).
 */
function dayLabel(at: string): string {
  const date = new Date(at);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** Wallet analytics: the weighted wallet value over the last 30 days, from the ledger's point-in-time balances. */
export function WalletAnalytics() {
  const history = useBalanceHistory();
  return (
    <Card
      title="Wallet analytics"
      actions={
        <ButtonLink to="/growth-hub" variant="secondary" size="small">
          Open Growth Hub
        </ButtonLink>
      }
    >
      <QueryView query={history} loadingLabel="Loading wallet history">
        {(samples) => {
          const points = samples.map((sample) => ({ at: sample.date, value: walletValue(sample) }));
          const first = points[0]?.value ?? 0;
          const last = points[points.length - 1]?.value ?? 0;
          if (points.every((point) => point.value === 0)) {
            return (
              <EmptyState
                title="Nothing to chart yet"
                message={`Your wallet's value over the last ${HISTORY_DAYS} days appears here once you earn.`}
                icon={<TrendingUp size={40} />}
              />
            );
          }
          const change = Math.round((last - first) * 100) / 100;
          return (
            <div className="ui-stack">
              <div className="ui-row wallet-stats">
                <div className="ui-stat">
                  <span className="ui-stat__label">Wallet value now</span>
                  <span className="ui-stat__value">{formatBalance(last)}</span>
                </div>
                <div className="ui-stat">
                  <span className="ui-stat__label">Change over {HISTORY_DAYS} days</span>
                  <span className="ui-stat__value">
                    {change >= 0 ? '+' : ''}
                    {formatBalance(change)}
                  </span>
                </div>
              </div>
              <Chart
                kind="line"
                title={`Wallet value over the last ${HISTORY_DAYS} days`}
                series={[
                  {
                    name: 'Wallet value',
                    points: points.map((point) => ({ x: dayLabel(point.at), y: point.value })),
                  },
                ]}
                formatY={formatBalance}
              />
              <p className="ui-muted">
                Value = points + keys ×{WALLET_WEIGHTS.keys} + gems ×{WALLET_WEIGHTS.gems} + gold ×{WALLET_WEIGHTS.gold}
                .
              </p>
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}
