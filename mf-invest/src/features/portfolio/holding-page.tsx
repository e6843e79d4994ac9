import { ButtonLink, Card, EmptyState, PageHeader, apiClient, formatBalance, formatMoney, formatSharePrice, portfolioKeys } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { HoldingDetailResponseSchema, PredictionDetailResponseSchema } from '@app/contracts/invest';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

export function HoldingPage() {
  const { id = '' } = useParams();
  const holding = useQuery({
    queryKey: portfolioKeys.holding(id),
    queryFn: ({ signal }) => apiClient().get(`/api/portfolio/holdings/${encodeURIComponent(id)}`, { schema: HoldingDetailResponseSchema, signal }),
  });
  return (
    <QueryView query={holding} unavailable={<EmptyState title="Holding not found." message="You hold no such shares." action={<ButtonLink to="/invest">Back to Invest</ButtonLink>} />}>
      {({ holding: item }) => (
        <div className="ui-stack">
          <PageHeader title={item.content_title} subtitle={item.creator_name ? `by ${item.creator_name}` : undefined} />
          <Card>
            <p>{formatBalance(item.owned_shares)} shares</p>
            <p>Price: {formatSharePrice(item.current_price)}</p>
            <p>Average paid: {formatSharePrice(item.avg_cost)}</p>
            <p>Value: {formatMoney(item.market_value)}</p>
          </Card>
        </div>
      )}
    </QueryView>
  );
}

export function PredictionPage() {
  const { id = '' } = useParams();
  const prediction = useQuery({
    queryKey: portfolioKeys.prediction(id),
    queryFn: ({ signal }) => apiClient().get(`/api/portfolio/predictions/${encodeURIComponent(id)}`, { schema: PredictionDetailResponseSchema, signal }),
  });
  return (
    <QueryView query={prediction} unavailable={<EmptyState title="Prediction not found." message="This prediction does not exist." action={<ButtonLink to="/invest">Back to Invest</ButtonLink>} />}>
      {({ prediction: item }) => (
        <div className="ui-stack">
          <PageHeader title={item.content_title} subtitle={item.status} />
        </div>
      )}
    </QueryView>
  );
}
