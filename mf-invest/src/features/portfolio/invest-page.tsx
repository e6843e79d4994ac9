import { EmptyState, PageHeader, apiClient, formatBalance, formatMoney, formatSharePrice, portfolioKeys } from '@app/platform';
import { FeatureUnavailable, QueryView } from '@app/platform/app';
import { TrendingUp } from '@app/platform/icons';
import { HoldingsResponseSchema } from '@app/contracts/invest';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

/** /invest: the user's content shares from the portfolio read model (private holdings are never listed). */
export function InvestPage() {
  const holdings = useQuery({
    queryKey: portfolioKeys.holdings(),
    queryFn: async ({ signal }) => (await apiClient().get('/api/portfolio/holdings', { schema: HoldingsResponseSchema, signal })).holdings,
  });
  return (
    <div className="ui-stack">
      <PageHeader title="Invest" subtitle="Shares in the content you believe in. Prices show 4 decimals." />
      <section aria-labelledby="holdings-title" className="ui-stack">
        <h2 id="holdings-title">Your holdings</h2>
        <QueryView
          query={holdings}
          loadingLabel="Loading holdings"
          empty={<EmptyState title="You hold no shares yet" message="Shares you buy in content show up here with their current price and value." icon={<TrendingUp size={40} />} />}
          unavailable={<FeatureUnavailable feature="Investing" />}
        >
          {(list) => (
            <ul className="ui-list" aria-label="Holdings">
              {list
                .filter((holding) => holding.visibility !== 'private')
                .map((holding) => (
                  <li key={holding.content_id} className="ui-list__item">
                    <Link to={`/holding/${encodeURIComponent(holding.content_id)}`}>{holding.content_title}</Link>
                    <span>{formatBalance(holding.owned_shares)} shares</span>
                    <span>{formatSharePrice(holding.current_price)} per share</span>
                    <strong>{formatMoney(holding.market_value)}</strong>
                  </li>
                ))}
            </ul>
          )}
        </QueryView>
      </section>
    </div>
  );
}
