import { Badge, Button, ButtonLink, Card, PageHeader, formatBalance } from '@app/platform';
import { Tabs, useToast } from '@app/platform/app';
import type { CampaignDetail, CampaignStatus } from '@app/contracts/campaigns';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  STATUS_LABELS,
  STATUS_TONES,
  daysLeft,
  formatCount,
  formatDay,
  formatDollars,
  formatMoves,
  formatPercent,
  useCampaignsBase,
} from './campaign-format';
import { useCampaign, useChangeCampaignStatus, useDeleteCampaign } from './campaigns-api';
import { ConfirmDialog } from './confirm-dialog';
import { LoadState } from './load-state';

import { ContentTab } from './campaign-content-tab';
import { OverviewTab, PerformanceTab, SettingsTab } from './campaign-detail-tabs';

type Confirmation = { kind: 'status'; to: CampaignStatus } | { kind: 'delete' } | null;

const STATUS_ACTIONS: Partial<Record<CampaignStatus, { to: CampaignStatus; label: string; message: string }>> = {
  draft: {
    to: 'active',
    label: 'Activate',
    message: 'Activating starts the campaign and uses the moves it cost: from then on deleting it refunds nothing.',
  },
  active: { to: 'paused', label: 'Pause', message: 'The campaign stops running until you resume it.' },
  paused: { to: 'active', label: 'Resume', message: 'The campaign runs again.' },
};

/**
 * /campaigns/{id}: header with the status actions, four summary cards and the Overview / Performance / Content /
 * Settings tabs.
 */
export function CampaignDetailPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  return (
    <LoadState query={campaign} failure="Failed to load campaign details" loadingLabel="Loading campaign">
      {(detail) => <CampaignView campaign={detail} onRefresh={() => void campaign.refetch()} />}
    </LoadState>
  );
}

type StatusAction = (typeof STATUS_ACTIONS)[CampaignStatus];

/** "start – end · N days left", or "no end date" when the campaign runs open-ended. */
function campaignDates(campaign: CampaignDetail): string {
  const left = daysLeft(campaign.endDate);
  const end = campaign.endDate ? formatDay(campaign.endDate) : 'no end date';
  return `${formatDay(campaign.startDate)} – ${end}${left ? ` · ${left}` : ''}`;
}

/** The confirm dialog's title, message and button for the pending delete or status change. */
function confirmationCopy(confirmation: Confirmation, campaign: CampaignDetail, action: StatusAction) {
  const deleting = confirmation?.kind === 'delete';
  const completing = confirmation?.kind === 'status' && confirmation.to === 'completed';
  return {
    title: deleting ? 'Delete campaign?' : `${completing ? 'Complete' : (action?.label ?? '')} campaign?`,
    message: deleting
      ? campaign.status === 'draft'
        ? `The campaign is removed and its ${formatMoves(campaign.movesSpent)} go back to your balance.`
        : 'The campaign is removed. It was activated, so the moves it used are not refunded.'
      : completing
        ? 'A completed campaign can no longer be changed or resumed.'
        : (action?.message ?? ''),
    confirmLabel: deleting ? 'Delete Campaign' : completing ? 'Complete' : (action?.label ?? 'Confirm'),
  };
}

/** Runs the confirmed status change or delete, with its toast; a delete then goes back to the campaign list. */
function useConfirmCampaignAction(campaign: CampaignDetail, confirmation: Confirmation) {
  const base = useCampaignsBase();
  const navigate = useNavigate();
  const toast = useToast();
  const changeStatus = useChangeCampaignStatus(campaign.id);
  const remove = useDeleteCampaign(campaign.id);
  return async () => {
    if (confirmation?.kind === 'status') {
      const updated = await changeStatus.mutateAsync(confirmation.to);
      toast.show({ title: `Campaign ${STATUS_LABELS[updated.status].toLowerCase()}`, variant: 'success' });
    } else if (confirmation?.kind === 'delete') {
      const deleted = await remove.mutateAsync();
      toast.show({
        title:
          deleted.movesRefunded > 0
            ? `Campaign deleted. ${formatBalance(deleted.movesRefunded)} moves refunded.`
            : 'Campaign deleted.',
        variant: 'success',
      });
      void navigate(base);
    }
  };
}

function CampaignView({ campaign, onRefresh }: { campaign: CampaignDetail; onRefresh(): void }) {
  const base = useCampaignsBase();
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const confirmAction = useConfirmCampaignAction(campaign, confirmation);
  const action = STATUS_ACTIONS[campaign.status];
  const copy = confirmationCopy(confirmation, campaign, action);
  return (
    <div className="ui-stack">
      <Link to={base}>← Back to campaigns</Link>
      <PageHeader
        title={campaign.name}
        subtitle={
          <span className="ui-row">
            <Badge tone={STATUS_TONES[campaign.status]}>{STATUS_LABELS[campaign.status]}</Badge>
            <span>{campaignDates(campaign)}</span>
          </span>
        }
        actions={
          <span className="ui-row">
            {action ? (
              <Button onClick={() => setConfirmation({ kind: 'status', to: action.to })}>{action.label}</Button>
            ) : null}
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
      <CampaignTabs campaign={campaign} onRefresh={onRefresh} onConfirm={setConfirmation} />
      <ConfirmDialog
        open={confirmation !== null}
        onOpenChange={(open) => (open ? undefined : setConfirmation(null))}
        title={copy.title}
        message={copy.message}
        confirmLabel={copy.confirmLabel}
        danger={confirmation?.kind === 'delete'}
        onConfirm={confirmAction}
      />
    </div>
  );
}

/** Overview / Performance / Content / Settings; the quick action "Add Content" opens the Content tab's dialog. */
function CampaignTabs({
  campaign,
  onRefresh,
  onConfirm,
}: {
  campaign: CampaignDetail;
  onRefresh(): void;
  onConfirm(confirmation: Confirmation): void;
}) {
  const [tab, setTab] = useState('overview');
  const [adding, setAdding] = useState<'content' | 'drop' | null>(null);
  return (
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
                  onDelete={() => onConfirm({ kind: 'delete' })}
                />
              }
            />
          ),
        },
        { value: 'performance', label: 'Performance', content: <PerformanceTab campaign={campaign} /> },
        {
          value: 'content',
          label: `Content (${campaign.content.length})`,
          content: <ContentTab campaign={campaign} adding={adding} onAdding={setAdding} />,
        },
        {
          value: 'settings',
          label: 'Settings',
          content: (
            <SettingsTab
              campaign={campaign}
              onDelete={() => onConfirm({ kind: 'delete' })}
              onComplete={() => onConfirm({ kind: 'status', to: 'completed' })}
            />
          ),
        },
      ]}
    />
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
        <p className="ui-stat__value">
          {campaign.cpc === null ? 'No clicks yet' : `${formatBalance(campaign.cpc)} moves per click`}
        </p>
        <p className="ui-muted">
          Target CPC {formatDollars(campaign.targetCpc)} · target CTR {campaign.targetCtr}%{' '}
          {campaign.impressions > 0
            ? campaign.ctr >= campaign.targetCtr
              ? '↑ CTR at or above target'
              : '↓ CTR below target'
            : ''}
        </p>
      </Card>
    </section>
  );
}

function QuickActions({
  campaign,
  onRefresh,
  onAddContent,
  onDelete,
}: {
  campaign: CampaignDetail;
  onRefresh(): void;
  onAddContent(): void;
  onDelete(): void;
}) {
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
