import { Badge, Button, Card, EmptyState, useCurrentUser } from '@app/platform';
import { Dialog } from '@app/platform/app';
import type { CampaignDetail } from '@app/contracts/campaigns';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCount, formatMoves, formatPercent } from './campaign-format';
import {
  useAddCampaignContent,
  useAddCampaignDrop,
  useContentChoices,
  useOwnDropChoices,
  useRemoveCampaignContent,
  useRemoveCampaignDrop,
} from './campaigns-api';
import { LoadState } from './load-state';

/** The campaign's Content tab: its content items and drops, with the dialogs that add them (own drops only). */
export function ContentTab({
  campaign,
  adding,
  onAdding,
}: {
  campaign: CampaignDetail;
  adding: 'content' | 'drop' | null;
  onAdding(kind: 'content' | 'drop' | null): void;
}) {
  const canChange = campaign.status !== 'completed';
  const addButton = canChange ? <Button onClick={() => onAdding('content')}>Add Content</Button> : null;
  return (
    <div className="ui-stack">
      {campaign.content.length === 0 ? (
        <EmptyState
          title="No content added yet"
          message="Get started by adding content to your campaign."
          action={addButton}
        />
      ) : (
        <>
          <div className="ui-row">{addButton}</div>
          <CampaignContentList campaign={campaign} canChange={canChange} />
        </>
      )}
      <CampaignDropsCard
        campaign={campaign}
        canChange={canChange}
        loadDrops={campaign.dropIds.length > 0 || adding === 'drop'}
        onAddDrop={() => onAdding('drop')}
      />
      <AddContentDialog
        campaign={campaign}
        open={adding === 'content'}
        onOpenChange={(open) => onAdding(open ? 'content' : null)}
      />
      <AddDropDialog
        campaign={campaign}
        open={adding === 'drop'}
        onOpenChange={(open) => onAdding(open ? 'drop' : null)}
      />
    </div>
  );
}

/** One row per content item with its figures, and a Remove button while the campaign can still change. */
function CampaignContentList({ campaign, canChange }: { campaign: CampaignDetail; canChange: boolean }) {
  const remove = useRemoveCampaignContent(campaign.id);
  return (
    <ul className="ui-list" aria-label="Campaign content">
      {campaign.content.map((item) => (
        <li key={item.id} className="ui-list__item">
          <Link to={`/content/${item.id}`}>{item.title}</Link>
          <span className="ui-row">
            <Badge tone={item.status === 'live' ? 'success' : 'neutral'}>{item.status}</Badge>
            <span>{item.platform ?? 'unknown platform'}</span>
            {item.creator ? <span>{item.creator}</span> : null}
            <span>
              {formatCount(item.impressions)} impressions · {formatCount(item.clicks)} clicks · CTR{' '}
              {formatPercent(item.ctr)}
            </span>
            <SpentOfBudget title={item.title} spent={item.spent} budget={item.budget} />
            {canChange ? (
              <Button
                variant="ghost"
                size="small"
                busy={remove.isPending && remove.variables === item.id}
                onClick={() => remove.mutate(item.id)}
              >
                Remove
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The campaign's drops, titled from the user's own drops (loaded only when there are some or one is being added). */
function CampaignDropsCard({
  campaign,
  canChange,
  loadDrops,
  onAddDrop,
}: {
  campaign: CampaignDetail;
  canChange: boolean;
  loadDrops: boolean;
  onAddDrop(): void;
}) {
  const user = useCurrentUser();
  const removeDrop = useRemoveCampaignDrop(campaign.id);
  const ownDrops = useOwnDropChoices(user.id, loadDrops);
  const dropTitle = (dropId: string) => ownDrops.data?.find((drop) => drop.id === dropId)?.title ?? 'Drop';
  return (
    <Card
      title={`Drops (${campaign.dropIds.length})`}
      actions={
        canChange ? (
          <Button variant="secondary" onClick={onAddDrop}>
            Add Drop
          </Button>
        ) : null
      }
    >
      {campaign.dropIds.length === 0 ? (
        <p className="ui-muted">
          No drops in this campaign. Add one of your drops to count its participants and impressions here.
        </p>
      ) : (
        <ul className="ui-list" aria-label="Campaign drops">
          {campaign.dropIds.map((dropId) => (
            <li key={dropId} className="ui-list__item">
              <Link to={`/drops/${dropId}`}>{dropTitle(dropId)}</Link>
              {canChange ? (
                <Button
                  variant="ghost"
                  size="small"
                  busy={removeDrop.isPending && removeDrop.variables === dropId}
                  onClick={() => removeDrop.mutate(dropId)}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The row's spent of budget in moves (the server's figures: the item's clicks at the campaign's cost per click, of
 * its equal share of the campaign's moves), with a bar that stops at 100 % (spec 3 §9).
 */
function SpentOfBudget({ title, spent, budget }: { title: string; spent: number; budget: number }) {
  return (
    <span className="campaign-spend">
      <span>
        {formatMoves(spent)} of {formatMoves(budget)}
      </span>
      <progress
        className="account-progress__bar"
        aria-label={`${title}: spent of budget`}
        max={budget > 0 ? budget : 1}
        value={budget > 0 ? Math.min(spent, budget) : 0}
      />
    </span>
  );
}

function AddDropDialog({
  campaign,
  open,
  onOpenChange,
}: {
  campaign: CampaignDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const user = useCurrentUser();
  const choices = useOwnDropChoices(user.id, open);
  const add = useAddCampaignDrop(campaign.id);
  const [selected, setSelected] = useState('');
  const available = (choices.data ?? []).filter((drop) => !campaign.dropIds.includes(drop.id));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add drop"
      description="One of your drops: its participants and impressions count for this campaign from today."
    >
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

function AddContentDialog({
  campaign,
  open,
  onOpenChange,
}: {
  campaign: CampaignDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const choices = useContentChoices(open);
  const add = useAddCampaignContent(campaign.id);
  const [selected, setSelected] = useState('');
  const available = (choices.data ?? []).filter((item) => !campaign.contentIds.includes(item.id));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add content"
      description="Its impressions and clicks count for this campaign from today."
    >
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
