import { ButtonLink, EmptyState, PageHeader, apiClient, portfolioKeys } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { PredictionDetailResponseSchema } from '@app/contracts/invest';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

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
