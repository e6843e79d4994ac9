import type { AdvertiserDashboard, BrandProfile, SuggestedContent } from '@app/contracts/advertisers';
import { Badge, ButtonLink, Card, Chart, EmptyState, formatCount, tierLabel } from '@app/platform';
import { Link } from 'react-router';

type DashboardData = AdvertiserDashboard['data'];

/** The spec's list sizes: recent drops 5, performance rows 10 (spec 3 §10). */
export const RECENT_DROPS = 5;
export const PERFORMANCE_ROWS = 10;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function BrandHeader({
  brand,
  fallbackName,
  tier,
  onEdit,
}: {
  brand: BrandProfile;
  fallbackName: string;
  tier: DashboardData['user_tier'];
  onEdit(): void;
}) {
  const name = brand.brand_name ?? fallbackName;
  return (
    <Card className="advertiser-brand">
      <div className="ui-row">
        {brand.brand_logo_url ? (
          <img
            src={brand.brand_logo_url}
            alt={`${name} logo`}
            width={56}
            height={56}
            className="advertiser-brand__logo"
          />
        ) : null}
        <div className="ui-stack" style={{ gap: '0.25rem', flex: 1 }}>
          <h2 style={{ margin: 0 }}>{name}</h2>
          {brand.brand_description ? (
            <p className="ui-muted" style={{ margin: 0 }}>
              {brand.brand_description}
            </p>
          ) : null}
          {!brand.brand_name ? (
            <p className="ui-muted" style={{ margin: 0 }}>
              Set up your brand so creators know who you are.
            </p>
          ) : null}
          {brand.brand_website ? (
            <a href={brand.brand_website} target="_blank" rel="noreferrer noopener">
              {brand.brand_website}
            </a>
          ) : null}
        </div>
        <Badge tone="accent">{tierLabel(tier)} plan</Badge>
        <button type="button" className="ui-button ui-button--secondary ui-button--medium" onClick={onEdit}>
          {brand.brand_name ? 'Edit Brand' : 'Set Up Brand'}
        </button>
      </div>
    </Card>
  );
}

export function StatCards({ analytics }: { analytics: DashboardData['analytics'] }) {
  const stats = [
    { label: 'Drops created', value: formatCount(analytics.drops_created) },
    { label: 'Participants', value: formatCount(analytics.total_participants) },
    { label: 'Gems spent', value: analytics.gems_spent },
    { label: 'Impressions', value: formatCount(analytics.impressions) },
    { label: 'Engagement rate', value: `${analytics.engagement_rate.toFixed(2)}%` },
  ];
  return (
    <section className="ui-grid" aria-label="Last 30 days">
      {stats.map((stat) => (
        <Card key={stat.label}>
          <div className="ui-stat">
            <span className="ui-stat__label">{stat.label}</span>
            <span className="ui-stat__value">{stat.value}</span>
          </div>
        </Card>
      ))}
    </section>
  );
}

function Allowance({ label, used, limit }: { label: string; used: number; limit: number }) {
  return (
    <div className="account-progress">
      <span>
        {label}: {formatCount(used)} of {formatCount(limit)} used
      </span>
      <progress
        className="account-progress__bar"
        aria-label={label}
        max={Math.max(limit, 1)}
        value={Math.min(used, limit)}
      />
    </div>
  );
}

/** The tier inventory of the current period (spec 3 §6): weekly for premium and super, monthly for free. */
export function WeeklyAllocation({
  inventory,
  tier,
}: {
  inventory: DashboardData['monthly_inventory'];
  tier: DashboardData['user_tier'];
}) {
  const title = inventory.period === 'week' ? 'Weekly allocation' : 'Monthly allocation';
  return (
    <Card title={title}>
      <p className="ui-muted">
        {tierLabel(tier)} plan, {dateOf(inventory.period_start)} –{' '}
        {dateOf(new Date(new Date(inventory.period_end).getTime() - 1).toISOString())} (UTC)
      </p>
      <div className="ui-stack">
        <Allowance label="Moves" used={inventory.moves_used} limit={inventory.moves_allowance} />
        <Allowance label="Proof drops" used={inventory.proof_drops_used} limit={inventory.proof_drops_limit} />
        {inventory.paid_drops_limit > 0 ? (
          <Allowance label="Paid drops" used={inventory.paid_drops_used} limit={inventory.paid_drops_limit} />
        ) : (
          <p className="ui-muted">Paid drops need a Premium or Super plan.</p>
        )}
      </div>
    </Card>
  );
}

export function ActivityChart({ daily }: { daily: DashboardData['daily'] }) {
  const series = [
    { name: 'Impressions', points: daily.map((day) => ({ x: day.day.slice(5), y: day.impressions })) },
    { name: 'Clicks', points: daily.map((day) => ({ x: day.day.slice(5), y: day.clicks })) },
    { name: 'Drops created', points: daily.map((day) => ({ x: day.day.slice(5), y: day.drops_created })) },
  ];
  return (
    <Card>
      <Chart kind="line" title="Last 30 days" series={series} formatY={(value) => formatCount(value)} />
    </Card>
  );
}

export function RecentDrops({ drops, tier }: { drops: DashboardData['drops']; tier: DashboardData['user_tier'] }) {
  const recent = drops.slice(0, RECENT_DROPS);
  const actions = (
    <div className="ui-row">
      <ButtonLink to="/earn?create=proof">Create Proof Drop</ButtonLink>
      {tier !== 'free' ? (
        <ButtonLink to="/earn?create=paid" variant="secondary">
          Create Paid Drop
        </ButtonLink>
      ) : null}
    </div>
  );
  return (
    <Card title="Recent drops" actions={actions}>
      {recent.length === 0 ? (
        <EmptyState title="No drops yet" message="Create a proof drop to get creators working on your brand." />
      ) : (
        <ul className="ui-stack" aria-label="Recent drops" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {recent.map((drop) => (
            <li key={drop.id} className="ui-row">
              <Link to={`/task/${encodeURIComponent(drop.id)}`}>{drop.title}</Link>
              <Badge tone={drop.is_paid_drop ? 'accent' : 'neutral'}>
                {drop.is_paid_drop ? 'Paid' : drop.is_proof_drop ? 'Proof' : 'Move'}
              </Badge>
              <Badge tone={drop.status === 'active' ? 'success' : 'neutral'}>{drop.status}</Badge>
              <span className="ui-muted">
                {formatCount(drop.current_participants)}
                {drop.max_participants ? ` / ${formatCount(drop.max_participants)}` : ''} participants
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function PerformanceTable({ drops }: { drops: DashboardData['drops'] }) {
  const rows = drops.slice(0, PERFORMANCE_ROWS);
  return (
    <Card title="Performance analytics">
      {rows.length === 0 ? (
        <p className="ui-muted">Figures appear here once your first drop is live.</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table className="ui-table" aria-label="Drop performance">
            <thead>
              <tr>
                <th scope="col">Drop</th>
                <th scope="col">Created</th>
                <th scope="col">Applications</th>
                <th scope="col">Impressions</th>
                <th scope="col">Clicks</th>
                <th scope="col">CTR</th>
                <th scope="col">Gems paid</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((drop) => (
                <tr key={drop.id}>
                  <td>{drop.title}</td>
                  <td>{dateOf(drop.created_at)}</td>
                  <td>{formatCount(drop.total_applications)}</td>
                  <td>{formatCount(drop.impressions)}</td>
                  <td>{formatCount(drop.clicks)}</td>
                  <td>{drop.impressions > 0 ? `${((drop.clicks * 100) / drop.impressions).toFixed(2)}%` : '—'}</td>
                  <td>
                    {drop.gems_paid}
                    {drop.is_paid_drop ? ` of ${drop.gem_pool_total}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function SuggestedContentList({ items }: { items: SuggestedContent[] }) {
  if (items.length === 0)
    return <EmptyState title="No suggestions yet" message="Content with real engagement shows up here to sponsor." />;
  return (
    <ul className="ui-grid" aria-label="Suggested content" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.id}>
          <Card title={item.title}>
            <div className="ui-stack" style={{ gap: '0.4rem' }}>
              <div className="ui-row">
                {item.platform ? <Badge>{item.platform}</Badge> : null}
                {item.is_trending ? <Badge tone="success">Trending</Badge> : null}
                <Badge
                  tone={
                    item.roi_potential === 'high' ? 'success' : item.roi_potential === 'medium' ? 'accent' : 'neutral'
                  }
                >
                  {item.roi_potential} ROI
                </Badge>
              </div>
              <span className="ui-muted">
                {formatCount(item.total_engagement)} engagements · {item.engagement_rate.toFixed(2)}% rate
              </span>
              <span>
                Suggested: {item.suggested_package.gems} gems for {item.suggested_package.hours} h (
                {item.suggested_package.multiplier}× boost)
              </span>
              <Link to={`/content/${encodeURIComponent(item.id)}`}>View and sponsor</Link>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
