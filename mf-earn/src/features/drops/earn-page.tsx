import { Badge, EmptyState, PageHeader, apiClient, formatBalance, formatCount, useCurrentUser } from '@app/platform';
import { FeatureUnavailable, QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dropListSchema } from './drop-schemas';

/** /earn: the open drops from the API, and the keys the user has to apply with. */
export function EarnPage() {
  const user = useCurrentUser();
  const drops = useQuery({ queryKey: ['drops'], queryFn: ({ signal }) => apiClient().get('/api/drops', { schema: dropListSchema, signal }) });
  return (
    <div className="ui-stack">
      <PageHeader
        title="Earn"
        subtitle={`You have ${formatBalance(user.keys_balance)} keys to apply to paid drops and ${formatBalance(user.gems_balance)} gems.`}
        actions={<Link to="/create">Create content</Link>}
      />
      <QueryView
        query={drops}
        loadingLabel="Loading drops"
        empty={<EmptyState title="No drops open right now" message="New drops from brands and creators appear here as soon as they open." icon="★" />}
        unavailable={<FeatureUnavailable feature="Drops" />}
      >
        {(list) => (
          <ul className="ui-list" aria-label="Open drops">
            {list.map((drop) => (
              <li key={drop.id} className="ui-list__item">
                <div>
                  <Link to={`/task/${drop.id}`}>
                    <strong>{drop.title}</strong>
                  </Link>
                  {drop.description ? <p className="ui-muted">{drop.description}</p> : null}
                  <div className="ui-row">
                    {drop.drop_type ? <Badge tone="accent">{drop.drop_type}</Badge> : null}
                    {drop.difficulty ? <Badge>{drop.difficulty}</Badge> : null}
                    {typeof drop.current_participants === 'number' ? <span className="ui-muted">{formatCount(drop.current_participants)} taking part</span> : null}
                  </div>
                </div>
                <div className="ui-stat">
                  {drop.gem_reward_base ? <span>{formatBalance(drop.gem_reward_base)} gems</span> : null}
                  {drop.key_cost && drop.key_cost !== '0' ? <span className="ui-muted">{formatBalance(drop.key_cost)} keys to apply</span> : <span className="ui-muted">Free to apply</span>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
