import { EmptyState, PageHeader, apiClient, formatBalance, formatMoney, formatSharePrice } from '@app/platform';
import { FeatureUnavailable, QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { holdingListSchema } from './portfolio-schemas';

/** /invest: the user's content shares from the portfolio read model. */
export function InvestPage() {
  const holdings = useQuery({ queryKey: ['portfolio', 'holdings'], queryFn: ({ signal }) => apiClient().get('/api/portfolio/holdings', { schema: holdingListSchema, signal }) });
  return (
    <div className="ui-stack">
      <PageHeader title="Invest" subtitle="Shares in the content you believe in. Prices show 4 decimals." />
      <section aria-labelledby="holdings-title" className="ui-stack">
        <h2 id="holdings-title">Your holdings</h2>
        <QueryView
          query={holdings}
          loadingLabel="Loading holdings"
          empty={<EmptyState title="You hold no shares yet" message="Shares you buy in content show up here with their current price and value." icon="↗" />}
          unavailable={<FeatureUnavailable feature="Investing" />}
        >
          {(list) => (
            <ul className="ui-list" aria-label="Holdings">
              {list.map((holding) => (
                <li key={holding.id} className="ui-list__item">
                  <Link to={`/holding/${holding.id}`}>{holding.name}</Link>
                  <span>{formatBalance(holding.shareCount)} shares</span>
                  {holding.current_price ? <span>{formatSharePrice(holding.current_price)} per share</span> : null}
                  {holding.current_value ? <strong>{formatMoney(holding.current_value)}</strong> : null}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
    </div>
  );
}
