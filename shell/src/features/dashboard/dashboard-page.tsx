import { ButtonLink, Card, EmptyState, PageHeader, apiClient, contentKeys, formatBalance, formatCount, isAdvertiser, useCurrentUser } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';

const contentListSchema = z.union([
  z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string().optional().nullable() }).loose()),
  z.object({ content: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string().optional().nullable() }).loose()) }).transform((body) => body.content),
]);

const balances = [
  { key: 'points_balance', label: 'Points', hint: 'Earned from social actions' },
  { key: 'keys_balance', label: 'Keys', hint: 'Spent to apply to paid drops' },
  { key: 'gems_balance', label: 'Gems', hint: 'Earned from drops' },
  { key: 'gold_collected', label: 'Gold', hint: 'Prestige currency' },
] as const;

/** The signed-in home: balances and standing from the ledger's read model, and the content feed. */
export default function DashboardPage() {
  const user = useCurrentUser();
  const feed = useQuery({
    queryKey: contentKeys.feed(),
    queryFn: ({ signal }) => apiClient().get('/api/content', { schema: contentListSchema, signal }),
  });
  const name = user.display_name || user.username || 'there';
  return (
    <div className="ui-stack">
      <PageHeader
        title={`Welcome back, ${name}`}
        subtitle={
          <>
            {user.user_tier} tier{typeof user.level === 'number' ? ` · level ${user.level}` : ''}
            {user.xp_points !== undefined && user.xp_points !== null ? ` · ${formatCount(user.xp_points)} XP` : ''}
          </>
        }
        actions={isAdvertiser(user) ? <ButtonLink to="/advertiser">Advertiser Dashboard</ButtonLink> : <ButtonLink to="/earn">Find drops</ButtonLink>}
      />
      <section className="ui-grid" aria-label="Your balances">
        {balances.map((balance) => (
          <div key={balance.key} className="ui-card ui-stat">
            <span className="ui-stat__label">{balance.label}</span>
            <span className="ui-stat__value" data-testid={`balance-${balance.key}`}>
              {formatBalance(user[balance.key])}
            </span>
            <span className="ui-muted">{balance.hint}</span>
          </div>
        ))}
      </section>
      <Card title="Your feed" actions={<Link to="/create">Create content</Link>}>
        <QueryView
          query={feed}
          loadingLabel="Loading your feed"
          empty={<EmptyState title="Nothing in your feed yet" message="Content from creators shows up here once it is published." />}
          unavailable={<EmptyState title="Nothing in your feed yet" message="The content feed is not available on this server yet." />}
        >
          {(items) => (
            <ul className="ui-list">
              {items.map((item) => (
                <li key={item.id} className="ui-list__item">
                  <Link to={`/content/${item.id}`}>{item.title ?? `Content ${item.id}`}</Link>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </div>
  );
}
