import { Button, ButtonLink, Card, Chart } from '@app/platform';
import type { CampaignDetail } from '@app/contracts/campaigns';
import type { ReactNode } from 'react';
import {
  BID_STRATEGY_LABELS,
  OBJECTIVE_LABELS,
  TYPE_LABELS,
  formatCount,
  formatDay,
  formatDollars,
  formatMoves,
  formatPercent,
  useCampaignsBase,
} from './campaign-format';

/** The campaign detail's Overview, Performance and Settings tabs, on the campaign's real figures. */

const dailyChart = (campaign: CampaignDetail) => [
  { name: 'Impressions', points: campaign.daily.map((day) => ({ x: day.day, y: day.impressions })) },
  { name: 'Clicks', points: campaign.daily.map((day) => ({ x: day.day, y: day.clicks })) },
];

export function OverviewTab({ campaign, actions }: { campaign: CampaignDetail; actions: ReactNode }) {
  const updated = campaign.updatedAt !== campaign.createdAt;
  return (
    <div className="ui-stack">
      <Card title="About">
        <p>{campaign.description || 'No description provided.'}</p>
        <dl className="ui-definition-list">
          <dt>Objective</dt>
          <dd>{OBJECTIVE_LABELS[campaign.objective]}</dd>
          <dt>Bid strategy</dt>
          <dd>{BID_STRATEGY_LABELS[campaign.bidStrategy]}</dd>
          <dt>Daily budget</dt>
          <dd>{formatDollars(campaign.dailyBudget)}</dd>
          <dt>Estimated end date</dt>
          <dd>{campaign.endDate ? formatDay(campaign.endDate) : 'N/A'}</dd>
        </dl>
      </Card>
      <Card title="Recent Activity">
        <ul className="ui-list" aria-label="Recent activity">
          <li className="ui-list__item">Created {formatDay(campaign.createdAt)}</li>
          {campaign.startedAt ? <li className="ui-list__item">Started {formatDay(campaign.startedAt)}</li> : null}
          {updated ? <li className="ui-list__item">Updated {formatDay(campaign.updatedAt)}</li> : null}
        </ul>
      </Card>
      {actions}
      {campaign.telemetryAvailable ? null : (
        <p className="ui-muted">Figures are unavailable right now; they show 0 rather than a guess.</p>
      )}
      <Chart kind="line" title="Impressions and clicks per day" series={dailyChart(campaign)} />
    </div>
  );
}

export function PerformanceTab({ campaign }: { campaign: CampaignDetail }) {
  const top = [...campaign.content].sort((a, b) => b.ctr - a.ctr || b.clicks - a.clicks).slice(0, 3);
  return (
    <div className="ui-stack">
      <Chart kind="bar" title="Daily performance" series={dailyChart(campaign)} />
      <Card title="Top content">
        {top.length === 0 ? (
          <p className="ui-muted">No content in this campaign yet.</p>
        ) : (
          <ol aria-label="Top content">
            {top.map((item) => (
              <li key={item.id}>
                {item.title}: CTR {formatPercent(item.ctr)}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title="Performance by platform">
        {campaign.platforms.length === 0 ? (
          <p className="ui-muted">No platform figures yet.</p>
        ) : (
          <table className="ui-table" aria-label="Performance by platform">
            <thead>
              <tr>
                <th scope="col">Platform</th>
                <th scope="col">Items</th>
                <th scope="col">Impressions</th>
                <th scope="col">Clicks</th>
                <th scope="col">Average CTR</th>
              </tr>
            </thead>
            <tbody>
              {campaign.platforms.map((row) => (
                <tr key={row.platform}>
                  <th scope="row">{row.platform}</th>
                  <td>{row.items}</td>
                  <td>{formatCount(row.impressions)}</td>
                  <td>{formatCount(row.clicks)}</td>
                  <td>{formatPercent(row.averageCtr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card title="Recommendations">
        <ul>
          <li>Add your best-performing content to the campaign to raise its click-through rate.</li>
          <li>Review content with a low CTR and replace it with fresher posts.</li>
        </ul>
      </Card>
    </div>
  );
}

export function SettingsTab({
  campaign,
  onDelete,
  onComplete,
}: {
  campaign: CampaignDetail;
  onDelete(): void;
  onComplete(): void;
}) {
  const base = useCampaignsBase();
  return (
    <div className="ui-stack">
      <Card title="Basic info">
        <dl className="ui-definition-list">
          <dt>Name</dt>
          <dd>{campaign.name}</dd>
          <dt>Type</dt>
          <dd>{TYPE_LABELS[campaign.campaignType]}</dd>
          <dt>Objective</dt>
          <dd>{OBJECTIVE_LABELS[campaign.objective]}</dd>
          <dt>Audience</dt>
          <dd>{formatCount(campaign.audienceSize)} people</dd>
          <dt>Targeting</dt>
          <dd>{[...campaign.locations, ...campaign.interests].join(', ') || 'Everyone'}</dd>
        </dl>
      </Card>
      <Card title="Budget and bidding">
        <dl className="ui-definition-list">
          <dt>Total budget</dt>
          <dd>{formatDollars(campaign.budget)}</dd>
          <dt>Daily budget</dt>
          <dd>{formatDollars(campaign.dailyBudget)}</dd>
          <dt>Bid strategy</dt>
          <dd>{BID_STRATEGY_LABELS[campaign.bidStrategy]}</dd>
          {campaign.bidAmount !== null ? (
            <>
              <dt>Bid amount</dt>
              <dd>{formatDollars(campaign.bidAmount)}</dd>
            </>
          ) : null}
          <dt>Moves paid</dt>
          <dd>{formatMoves(campaign.movesSpent)}</dd>
        </dl>
      </Card>
      <div className="ui-row">
        <ButtonLink to={base} variant="secondary">
          Cancel
        </ButtonLink>
        {campaign.status === 'active' || campaign.status === 'paused' ? (
          <Button variant="secondary" onClick={onComplete}>
            Complete Campaign
          </Button>
        ) : null}
        <Button variant="danger" onClick={onDelete}>
          Delete Campaign
        </Button>
        {campaign.status !== 'completed' ? (
          <ButtonLink to={`/campaigns/${campaign.id}/edit`}>Edit Settings</ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
