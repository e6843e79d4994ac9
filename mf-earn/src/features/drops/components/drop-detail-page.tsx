import {
  Badge,
  Button,
  ButtonLink,
  Card,
  ErrorBox,
  PageSpinner,
  isApiError,
  useCurrentUser,
  useTrackView,
} from '@app/platform';
import { Dialog } from '@app/platform/app';
import { isValidDropId } from '@app/contracts/drops';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  useCloseDrop,
  useDeleteDrop,
  useDrop,
  useMasterKeyStatus,
  useMyApplications,
  type Drop,
} from '../api/drops-api';
import { ApplicationsReview } from './applications-review';
import { ApplyForm, MyApplication } from './apply-panel';
import {
  DIFFICULTY_TONES,
  KIND_LABELS,
  categoryLabel,
  deadlineLabel,
  isDemo,
  participantsLabel,
  rewardPerKeyLabel,
} from './drop-format';
import { KindIcon } from './kind-icon';
import { DropLoadError, dropLoadErrorOf } from './drop-load-error';
import { EditDropDialog } from './edit-drop-dialog';

const PRO_TIPS = [
  'Read the requirements and deliverables before you apply.',
  'Say in your message why you are a good fit.',
  'Submit your work as soon as you are approved; review takes 24-48 hours.',
];

/** /task/:id (also :taskId or :dropId): one drop with every panel of spec 2. */
export function DropDetailPage() {
  const params = useParams();
  const id = params.id ?? params.taskId ?? params.dropId ?? '';
  const valid = id !== '' && isValidDropId(id);
  const drop = useDrop(id, valid);
  if (!valid) return <DropLoadError title="Invalid Drop ID" message="The drop id is not valid." />;
  if (drop.isPending) return <PageSpinner label="Loading drop" />;
  if (drop.isError) {
    const { title, message } = dropLoadErrorOf(drop.error);
    return (
      <DropLoadError
        title={title}
        message={message}
        onRetry={title === 'Drop Not Found' ? undefined : () => void drop.refetch()}
      />
    );
  }
  return <DropDetail drop={drop.data} />;
}

function DropDetail({ drop }: { drop: Drop }) {
  useTrackView({ type: 'drop', id: drop.id });
  const user = useCurrentUser();
  const isCreator = user.id === drop.creator_id;
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  return (
    <div className="ui-stack">
      <ButtonLink to="/earn" variant="ghost">
        ← Back to Earn
      </ButtonLink>
      {isDemo(drop) ? (
        <div role="note" className="ui-card">
          Demo drop: this drop is for demonstration and awards no real gems.
        </div>
      ) : null}
      <DropBanner
        drop={drop}
        isCreator={isCreator}
        onEdit={() => setEditing(true)}
        onDelete={() => setConfirmingDelete(true)}
      />

      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'flex-start' }}>
        <DropMainColumn drop={drop} isCreator={isCreator} />
        <aside className="ui-stack" aria-label="Drop facts" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <DropFactsCard drop={drop} />
          <Card title="Posted By">
            <div className="ui-row">
              {drop.creator_avatar ? (
                <img src={drop.creator_avatar} alt="" width={40} height={40} style={{ borderRadius: '50%' }} />
              ) : null}
              <strong>{drop.creator_name}</strong>
            </div>
          </Card>
          <Card title="Pro Tips">
            <ul>
              {PRO_TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </Card>
        </aside>
      </div>

      {isCreator ? <EditDropDialog drop={drop} open={editing} onOpenChange={setEditing} /> : null}
      <DeleteDropDialog drop={drop} open={confirmingDelete} onOpenChange={setConfirmingDelete} />
    </div>
  );
}

/** The drop's badges, title and image; its creator also gets Edit, Delete and (while active) Close Drop. */
function DropBanner(props: { drop: Drop; isCreator: boolean; onEdit(): void; onDelete(): void }) {
  const { drop, isCreator, onEdit, onDelete } = props;
  const close = useCloseDrop(drop.id);
  const [actionError, setActionError] = useState<string | null>(null);
  return (
    <header className="ui-card ui-stack" aria-label="Drop banner">
      <div className="ui-row">
        <KindIcon kind={drop.kind} size={20} />
        <Badge tone={DIFFICULTY_TONES[drop.difficulty]}>{drop.difficulty}</Badge>
        <Badge tone="accent">{KIND_LABELS[drop.kind]}</Badge>
        <Badge>{categoryLabel(drop.drop_type)}</Badge>
        <Badge tone={drop.status === 'active' ? 'success' : 'neutral'}>{drop.status}</Badge>
        {drop.kind === 'paid' ? <strong>{drop.gem_reward_base} gems reward</strong> : null}
      </div>
      <h1>{drop.title}</h1>
      {drop.preview_image ? (
        <img src={drop.preview_image} alt={drop.title} style={{ maxWidth: '100%', borderRadius: 8 }} />
      ) : null}
      {isCreator ? (
        <div className="ui-row">
          <Button variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="danger" onClick={onDelete}>
            Delete
          </Button>
          {drop.status === 'active' ? (
            <Button
              variant="ghost"
              busy={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onError: (error) => setActionError(isApiError(error) ? error.message : 'Failed to close drop'),
                })
              }
            >
              Close Drop
            </Button>
          ) : null}
        </div>
      ) : null}
      {actionError ? <ErrorBox message={actionError} /> : null}
    </header>
  );
}

/**
 * The drop's texts, the user's Master Key and balance, then: the creator reviews applications; anyone else sees
 * their application or the form to apply.
 */
function DropMainColumn({ drop, isCreator }: { drop: Drop; isCreator: boolean }) {
  const user = useCurrentUser();
  const masterKey = useMasterKeyStatus();
  const mine = useMyApplications();
  const myApplication = mine.data?.find((application) => application.drop_id === drop.id);
  const masterKeyActivated = masterKey.data?.is_activated ?? false;
  return (
    <div className="ui-stack" style={{ flex: '2 1 28rem', minWidth: 0 }}>
      <Card title="Description">
        <p>{drop.description}</p>
      </Card>
      {drop.requirements ? (
        <Card title="Requirements">
          <p>{drop.requirements}</p>
        </Card>
      ) : null}
      {drop.deliverables ? (
        <Card title="Deliverables">
          <p>{drop.deliverables}</p>
        </Card>
      ) : null}
      <Card title="Master Key">
        {masterKey.isPending ? (
          <p className="ui-muted">Checking your Master Key…</p>
        ) : masterKey.data ? (
          <p>
            {masterKey.data.is_activated ? 'Activated for today' : 'Not activated'} ·{' '}
            {masterKey.data.proof_drops_completed} / {masterKey.data.proof_drops_required} proof drops completed today
          </p>
        ) : (
          <p className="ui-muted">Master Key status unavailable</p>
        )}
      </Card>
      <Card title="Your Balance">
        <p>
          {user.keys_balance} keys · {user.points_balance} points · {user.gems_balance} gems
        </p>
      </Card>
      {isCreator ? null : myApplication ? (
        <MyApplication application={myApplication} />
      ) : mine.isPending ? null : (
        <ApplyForm drop={drop} masterKeyActivated={masterKeyActivated} />
      )}
      {isCreator ? <ApplicationsReview dropId={drop.id} /> : null}
    </div>
  );
}

/** Costs, rewards (per key too), pool, move terms, participants and deadline. */
function DropFactsCard({ drop }: { drop: Drop }) {
  return (
    <Card title="Details">
      <dl>
        <dt>Key cost</dt>
        <dd>{drop.key_cost}</dd>
        <dt>Gem reward</dt>
        <dd>{drop.gem_reward_base}</dd>
        {rewardPerKeyLabel(drop) ? (
          <>
            <dt>Reward per key (ROI)</dt>
            <dd>{rewardPerKeyLabel(drop)}</dd>
          </>
        ) : null}
        {drop.gem_pool_remaining > 0 ? (
          <>
            <dt>Pool remaining</dt>
            <dd>{drop.gem_pool_remaining} gems</dd>
          </>
        ) : null}
        {drop.kind === 'move' ? (
          <>
            <dt>Points cost</dt>
            <dd>{drop.move_cost_points}</dd>
            <dt>Keys reward</dt>
            <dd>{drop.key_reward_amount}</dd>
          </>
        ) : null}
        <dt>Participants</dt>
        <dd>{participantsLabel(drop)}</dd>
        <dt>Min followers</dt>
        <dd>{drop.follower_threshold}</dd>
        <dt>Time commitment</dt>
        <dd>{drop.time_commitment ?? 'Not specified'}</dd>
        <dt>Deadline</dt>
        <dd>{deadlineLabel(drop.deadline_at)}</dd>
      </dl>
    </Card>
  );
}

/** Asks before deleting the drop; once deleted the user lands on /earn. */
function DeleteDropDialog(props: { drop: Drop; open: boolean; onOpenChange(open: boolean): void }) {
  const { drop, open, onOpenChange } = props;
  const navigate = useNavigate();
  const remove = useDeleteDrop(drop.id, () => navigate('/earn'));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete drop?"
      description="The remaining gem pool returns to you."
    >
      <div className="ui-stack">
        {remove.isError ? (
          <ErrorBox message={isApiError(remove.error) ? remove.error.message : 'Failed to delete drop'} />
        ) : null}
        <div className="ui-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(undefined)}>
            Delete Drop
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
