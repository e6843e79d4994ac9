import { Badge, Button, ButtonLink, Card, Chart, EmptyState, PageHeader, formatBalance, useCurrentUser } from '@app/platform';
import { Dialog, Tabs, useToast } from '@app/platform/app';
import type { CampaignDetail, CampaignStatus } from '@app/contracts/campaigns';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  BID_STRATEGY_LABELS,
  OBJECTIVE_LABELS,
  STATUS_LABELS,
  STATUS_TONES,
  TYPE_LABELS,
  daysLeft,
  formatCount,
  formatDay,
  formatDollars,
  formatMoves,
  formatPercent,
  useCampaignsBase,
} from './campaign-format';
import {
  useAddCampaignContent,
  useAddCampaignDrop,
  useCampaign,
  useChangeCampaignStatus,
  useContentChoices,
  useDeleteCampaign,
  useOwnDropChoices,
  useRemoveCampaignContent,
  useRemoveCampaignDrop,
} from './campaigns-api';
import { ConfirmDialog } from './confirm-dialog';
import { LoadState } from './load-state';

type Confirmation = { kind: 'status'; to: CampaignStatus } | { kind: 'delete' } | null;

const STATUS_ACTIONS: Partial<Record<CampaignStatus, { to: CampaignStatus; label: string; message: string }>> = {
  draft: { to: 'active', label: 'Activate', message: 'Activating starts the campaign and uses the moves it cost: from then on deleting it refunds nothing.' },
  active: { to: 'paused', label: 'Pause', message: 'The campaign stops running until you resume it.' },
  paused: { to: 'active', label: 'Resume', message: 'The campaign runs again.' },
};

/** /campaigns/{id}: header with the status actions, four summary cards and the Overview / Performance / Content / Settings tabs. */
export function CampaignDetailPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  return (
    <LoadState query={campaign} failure="Failed to load campaign details" loadingLabel="Loading campaign">
      {(detail) => <CampaignView campaign={detail} onRefresh={() => void campaign.refetch()} />}
    </LoadState>
  );
}

function CampaignView({ campaign, onRefresh }: { campaign: CampaignDetail; onRefresh(): void }) {
  const base = useCampaignsBase();
  const navigate = useNavigate();
  const toast = useToast();
  const changeStatus = useChangeCampaignStatus(campaign.id);
  const remove = useDeleteCampaign(campaign.id);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [tab, setTab] = useState('overview');
  const [adding, setAdding] = useState<'content' | 'drop' | null>(null);
  const action = STATUS_ACTIONS[campaign.status];
  const left = daysLeft(campaign.endDate);
  const dates = `${formatDay(campaign.startDate)} – ${campaign.endDate ? formatDay(campaign.endDate) : 'no end date'}${left ? ` · ${left}` : ''}`;

  const confirmAction = async () => {
    if (confirmation?.kind === 'status') {
      const updated = await changeStatus.mutateAsync(confirmation.to);
      toast.show({ title: `Campaign ${STATUS_LABELS[updated.status].toLowerCase()}`, variant: 'success' });
    } else if (confirmation?.kind === 'delete') {
      const deleted = await remove.mutateAsync();
      toast.show({ title: deleted.movesRefunded > 0 ? `Campaign deleted. ${formatBalance(deleted.movesRefunded)} moves refunded.` : 'Campaign deleted.', variant: 'success' });
      void navigate(base);
    }
  };

  return (
    <div className="ui-stack">
      <Link to={base}>← Back to campaigns</Link>
      <PageHeader
        title={campaign.name}
        subtitle={
          <span className="ui-row">
            <Badge tone={STATUS_TONES[campaign.status]}>{STATUS_LABELS[campaign.status]}</Badge>
            <span>{dates}</span>
          </span>
        }
        actions={
          <span className="ui-row">
            {action ? <Button onClick={() => setConfirmation({ kind: 'status', to: action.to })}>{action.label}</Button> : null}
            {campaign.status !== 'completed' ? (
              <ButtonLink to={`/campaigns/${campaign.id}/edit`} variant="secondary">
                Edit
              </ButtonLink>
            ) : null}
            <Button variant="danger" onClick={() => setConfirmation({ kind: 'delete' })}>
              Delete
            </Button>
          </span>
        }
      />
      <SummaryCards campaign={campaign} />
      <Tabs
        label="Campaign sections"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'overview',
            label: 'Overview',
            content: (
              <OverviewTab
                campaign={campaign}
                actions={
                  <QuickActions
                    campaign={campaign}
                    onRefresh={onRefresh}
                    onAddContent={() => {
                      setTab('content');
                      setAdding('content');
                    }}
                    onDelete={() => setConfirmation({ kind: 'delete' })}
                  />
                }
              />
            ),
          },
          { value: 'performance', label: 'Performance', content: <PerformanceTab campaign={campaign} /> },
          { value: 'content', label: `Content (${campaign.content.length})`, content: <ContentTab campaign={campaign} adding={adding} onAdding={setAdding} /> },
          { value: 'settings', label: 'Settings', content: <SettingsTab campaign={campaign} onDelete={() => setConfirmation({ kind: 'delete' })} onComplete={() => setConfirmation({ kind: 'status', to: 'completed' })} /> },
        ]}
      />
      <ConfirmDialog
        open={confirmation !== null}
        onOpenChange={(open) => (open ? undefined : setConfirmation(null))}
        title={confirmation?.kind === 'delete' ? 'Delete campaign?' : `${confirmation?.to === 'completed' ? 'Complete' : (action?.label ?? '')} campaign?`}
        message={
          confirmation?.kind === 'delete'
            ? campaign.status === 'draft'
              ? `The campaign is removed and its ${formatMoves(campaign.movesSpent)} go back to your balance.`
              : 'The campaign is removed. It was activated, so the moves it used are not refunded.'
            : confirmation?.to === 'completed'
              ? 'A completed campaign can no longer be changed or resumed.'
              : (action?.message ?? '')
        }
        confirmLabel={confirmation?.kind === 'delete' ? 'Delete Campaign' : confirmation?.to === 'completed' ? 'Complete' : (action?.label ?? 'Confirm')}
        danger={confirmation?.kind === 'delete'}
        onConfirm={confirmAction}
      />
    </div>
  );
}

function SummaryCards({ campaign }: { campaign: CampaignDetail }) {
  return (
    <section className="ui-grid" aria-label="Summary">
      <Card title="Total Budget">
        <p className="ui-stat__value">{formatDollars(campaign.budget)}</p>
        <p className="ui-muted">Daily {formatDollars(campaign.dailyBudget)}</p>
        <p>Moves spent: {formatMoves(campaign.spent)}</p>
      </Card>
      <Card title="Participants">
        <p className="ui-stat__value">{formatCount(campaign.participants)}</p>
        <p className="ui-muted">
          {campaign.drops} {campaign.drops === 1 ? 'drop' : 'drops'}
        </p>
      </Card>
      <Card title="Impressions">
        <p className="ui-stat__value">{formatCount(campaign.impressions)}</p>
        <p className="ui-muted">
          {formatCount(campaign.clicks)} clicks · CTR {formatPercent(campaign.ctr)}
        </p>
      </Card>
      <Card title="Performance">
        <p className="ui-stat__value">{campaign.cpc === null ? 'No clicks yet' : `${formatBalance(campaign.cpc)} moves per click`}</p>
        <p className="ui-muted">
          Target CPC {formatDollars(campaign.targetCpc)} · target CTR {campaign.targetCtr}%{' '}
          {campaign.impressions > 0 ? (campaign.ctr >= campaign.targetCtr ? '↑ CTR at or above target' : '↓ CTR below target') : ''}
        </p>
      </Card>
    </section>
  );
}

const dailyChart = (campaign: CampaignDetail) => [
  { name: 'Impressions', points: campaign.daily.map((day) => ({ x: day.day, y: day.impressions })) },
  { name: 'Clicks', points: campaign.daily.map((day) => ({ x: day.day, y: day.clicks })) },
];

function QuickActions({ campaign, onRefresh, onAddContent, onDelete }: { campaign: CampaignDetail; onRefresh(): void; onAddContent(): void; onDelete(): void }) {
  return (
    <Card title="Quick Actions">
      <div className="ui-row">
        <Button variant="secondary" onClick={onRefresh}>
          Refresh Data
        </Button>
        <ButtonLink to="/account/billing" variant="secondary">
          Add Funds
        </ButtonLink>
        {campaign.status !== 'completed' ? (
          <Button variant="secondary" onClick={onAddContent}>
            Add Content
          </Button>
        ) : null}
        <Button variant="danger" onClick={onDelete}>
          Delete Campaign
        </Button>
      </div>
    </Card>
  );
}

function OverviewTab({ campaign, actions }: { campaign: CampaignDetail; actions: ReactNode }) {
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
      {campaign.telemetryAvailable ? null : <p className="ui-muted">Figures are unavailable right now; they show 0 rather than a guess.</p>}
      <Chart kind="line" title="Impressions and clicks per day" series={dailyChart(campaign)} />
    </div>
  );
}

function PerformanceTab({ campaign }: { campaign: CampaignDetail }) {
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

function ContentTab({ campaign, adding, onAdding }: { campaign: CampaignDetail; adding: 'content' | 'drop' | null; onAdding(kind: 'content' | 'drop' | null): void }) {
  const user = useCurrentUser();
  const remove = useRemoveCampaignContent(campaign.id);
  const removeDrop = useRemoveCampaignDrop(campaign.id);
  const ownDrops = useOwnDropChoices(user.id, campaign.dropIds.length > 0 || adding === 'drop');
  const canChange = campaign.status !== 'completed';
  const addButton = canChange ? <Button onClick={() => onAdding('content')}>Add Content</Button> : null;
  const dropTitle = (dropId: string) => ownDrops.data?.find((drop) => drop.id === dropId)?.title ?? 'Drop';
  return (
    <div className="ui-stack">
      {campaign.content.length === 0 ? (
        <EmptyState title="No content added yet" message="Get started by adding content to your campaign." action={addButton} />
      ) : (
        <>
          <div className="ui-row">{addButton}</div>
          <ul className="ui-list" aria-label="Campaign content">
            {campaign.content.map((item) => (
              <li key={item.id} className="ui-list__item">
                <Link to={`/content/${item.id}`}>{item.title}</Link>
                <span className="ui-row">
                  <Badge tone={item.status === 'live' ? 'success' : 'neutral'}>{item.status}</Badge>
                  <span>{item.platform ?? 'unknown platform'}</span>
                  {item.creator ? <span>{item.creator}</span> : null}
                  <span>
                    {formatCount(item.impressions)} impressions · {formatCount(item.clicks)} clicks · CTR {formatPercent(item.ctr)}
                  </span>
                  {canChange ? (
                    <Button variant="ghost" size="small" busy={remove.isPending && remove.variables === item.id} onClick={() => remove.mutate(item.id)}>
                      Remove
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Card title={`Drops (${campaign.dropIds.length})`} actions={canChange ? <Button variant="secondary" onClick={() => onAdding('drop')}>Add Drop</Button> : null}>
        {campaign.dropIds.length === 0 ? (
          <p className="ui-muted">No drops in this campaign. Add one of your drops to count its participants and impressions here.</p>
        ) : (
          <ul className="ui-list" aria-label="Campaign drops">
            {campaign.dropIds.map((dropId) => (
              <li key={dropId} className="ui-list__item">
                <Link to={`/drops/${dropId}`}>{dropTitle(dropId)}</Link>
                {canChange ? (
                  <Button variant="ghost" size="small" busy={removeDrop.isPending && removeDrop.variables === dropId} onClick={() => removeDrop.mutate(dropId)}>
                    Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <AddContentDialog campaign={campaign} open={adding === 'content'} onOpenChange={(open) => onAdding(open ? 'content' : null)} />
      <AddDropDialog campaign={campaign} open={adding === 'drop'} onOpenChange={(open) => onAdding(open ? 'drop' : null)} />
    </div>
  );
}

function AddDropDialog({ campaign, open, onOpenChange }: { campaign: CampaignDetail; open: boolean; onOpenChange(open: boolean): void }) {
  const user = useCurrentUser();
  const choices = useOwnDropChoices(user.id, open);
  const add = useAddCampaignDrop(campaign.id);
  const [selected, setSelected] = useState('');
  const available = (choices.data ?? []).filter((drop) => !campaign.dropIds.includes(drop.id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add drop" description="One of your drops: its participants and impressions count for this campaign from today.">
      <LoadState query={choices} failure="Failed to load your drops" loadingLabel="Loading drops">
        {() =>
          available.length === 0 ? (
            <p className="ui-muted">No more drops of yours to add.</p>
          ) : (
            <form
              className="ui-stack"
              onSubmit={(event) => {
                event.preventDefault();
                add.mutate(selected || available[0].id, { onSuccess: () => onOpenChange(false) });
              }}
            >
              <label className="ui-field">
                <span>Drop</span>
                <select value={selected || available[0].id} onChange={(event) => setSelected(event.target.value)}>
                  {available.map((drop) => (
                    <option key={drop.id} value={drop.id}>
                      {drop.title}
                    </option>
                  ))}
                </select>
              </label>
              {add.isError ? <p role="alert">{add.error.message}</p> : null}
              <Button type="submit" busy={add.isPending}>
                Add to campaign
              </Button>
            </form>
          )
        }
      </LoadState>
    </Dialog>
  );
}

function AddContentDialog({ campaign, open, onOpenChange }: { campaign: CampaignDetail; open: boolean; onOpenChange(open: boolean): void }) {
  const choices = useContentChoices(open);
  const add = useAddCampaignContent(campaign.id);
  const [selected, setSelected] = useState('');
  const available = (choices.data ?? []).filter((item) => !campaign.contentIds.includes(item.id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add content" description="Its impressions and clicks count for this campaign from today.">
      <LoadState query={choices} failure="Failed to load content" loadingLabel="Loading content">
        {() =>
          available.length === 0 ? (
            <p className="ui-muted">No more content to add.</p>
          ) : (
            <form
              className="ui-stack"
              onSubmit={(event) => {
                event.preventDefault();
                const contentId = selected || available[0].id;
                add.mutate(contentId, { onSuccess: () => onOpenChange(false) });
              }}
            >
              <label className="ui-field">
                <span>Content</span>
                <select value={selected || available[0].id} onChange={(event) => setSelected(event.target.value)}>
                  {available.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.title} ({item.platform})
                    </option>
                  ))}
                </select>
              </label>
              {add.isError ? <p role="alert">{add.error.message}</p> : null}
              <Button type="submit" busy={add.isPending}>
                Add to campaign
              </Button>
            </form>
          )
        }
      </LoadState>
    </Dialog>
  );
}

function SettingsTab({ campaign, onDelete, onComplete }: { campaign: CampaignDetail; onDelete(): void; onComplete(): void }) {
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
        {campaign.status !== 'completed' ? <ButtonLink to={`/campaigns/${campaign.id}/edit`}>Edit Settings</ButtonLink> : null}
      </div>
    </div>
  );
}
