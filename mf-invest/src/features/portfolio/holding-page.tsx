import { ButtonLink, Card, EmptyState, PageHeader, apiClient, formatBalance, formatMoney, formatSharePrice } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { holdingDetailSchema, predictionDetailSchema } from './portfolio-schemas';

export function HoldingPage() {
  const { id = '' } = useParams();
  const holding = useQuery({ queryKey: ['portfolio', 'holdings', id], queryFn: ({ signal }) => apiClient().get(`/api/portfolio/holdings/${encodeURIComponent(id)}`, { schema: holdingDetailSchema, signal }) });
  return (
    <QueryView query={holding} unavailable={<EmptyState title="Holding not found" message="You hold no such shares." action={<ButtonLink to="/invest">Back to Invest</ButtonLink>} />}>
      {(item) => (
        <div className="ui-stack">
          <PageHeader title={item.name} />
          <Card>
            <p>{formatBalance(item.shareCount)} shares</p>
            {item.current_price ? <p>Price: {formatSharePrice(item.current_price)}</p> : null}
            {item.average_price ? <p>Average paid: {formatSharePrice(item.average_price)}</p> : null}
            {item.current_value ? <p>Value: {formatMoney(item.current_value)}</p> : null}
          </Card>
        </div>
      )}
    </QueryView>
  );
}

export function PredictionPage() {
  const { id = '' } = useParams();
  const prediction = useQuery({ queryKey: ['portfolio', 'predictions', id], queryFn: ({ signal }) => apiClient().get(`/api/portfolio/predictions/${encodeURIComponent(id)}`, { schema: predictionDetailSchema, signal }) });
  return (
    <QueryView query={prediction} unavailable={<EmptyState title="Prediction not found" message="This prediction does not exist." action={<ButtonLink to="/invest">Back to Invest</ButtonLink>} />}>
      {(item) => (
        <div className="ui-stack">
          <PageHeader title={item.title ?? item.question ?? `Prediction ${item.id}`} subtitle={item.status ?? undefined} />
        </div>
      )}
    </QueryView>
  );
}
