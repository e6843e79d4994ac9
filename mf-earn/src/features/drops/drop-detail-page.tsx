import { ButtonLink, Card, EmptyState, PageHeader, apiClient, formatBalance } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { dropDetailSchema } from './drop-schemas';

/** /task/:id: one drop as the API describes it. */
export function DropDetailPage() {
  const { id = '' } = useParams();
  const drop = useQuery({ queryKey: ['drops', id], queryFn: ({ signal }) => apiClient().get(`/api/drops/${encodeURIComponent(id)}`, { schema: dropDetailSchema, signal }) });
  return (
    <QueryView query={drop} unavailable={<EmptyState title="Drop not found" message="This drop does not exist or is no longer open." action={<ButtonLink to="/earn">Back to Earn</ButtonLink>} />}>
      {(item) => (
        <div className="ui-stack">
          <PageHeader title={item.title} subtitle={item.status ?? undefined} />
          <Card>
            {item.description ? <p>{item.description}</p> : null}
            <p>
              {item.gem_reward_base ? `Reward: ${formatBalance(item.gem_reward_base)} gems. ` : ''}
              {item.key_cost ? `Cost to apply: ${formatBalance(item.key_cost)} keys.` : ''}
            </p>
          </Card>
        </div>
      )}
    </QueryView>
  );
}
