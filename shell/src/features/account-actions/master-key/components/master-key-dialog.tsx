import { Badge, Button, ErrorBox, SkeletonList, errorMessage } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import { useState } from 'react';
import { useActivateMasterKey, useMasterKeyStatus } from '../api/master-key';

export interface MasterKeyDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Today's proof drops against the requirement, and Activate once they reach it (or that the key is active). */
function MasterKeyStatusPanel({
  status,
  error,
  activating,
  onActivate,
}: {
  status: NonNullable<ReturnType<typeof useMasterKeyStatus>['data']>;
  error: string | null;
  activating: boolean;
  onActivate(): void;
}) {
  const {
    is_activated: activated,
    proof_drops_completed: completed,
    proof_drops_required: required,
    last_activated_at: lastActivatedAt,
  } = status;
  const ready = completed >= required;
  return (
    <div className="ui-stack">
      <p>
        Status:{' '}
        {activated ? <Badge tone="success">Activated for today</Badge> : <Badge tone="warning">Not activated</Badge>}
      </p>
      <div className="account-progress">
        <label htmlFor="master-key-progress">
          Proof drops completed today: {Math.min(completed, required)} of {required}
        </label>
        <progress
          id="master-key-progress"
          className="account-progress__bar"
          max={required}
          value={Math.min(completed, required)}
        />
      </div>
      {lastActivatedAt ? <p className="ui-muted">Last activated {new Date(lastActivatedAt).toLocaleString()}</p> : null}
      {!activated && !ready ? (
        <p className="account-notice">
          Complete {required - completed} more proof {required - completed === 1 ? 'drop' : 'drops'} today to activate
          the Master Key.
        </p>
      ) : null}
      {error ? <ErrorBox message={error} /> : null}
      {activated ? (
        <p className="account-notice">Your Master Key is active until the end of today (UTC).</p>
      ) : (
        <Button disabled={!ready} busy={activating} onClick={onActivate}>
          Activate Master Key
        </Button>
      )}
    </div>
  );
}

/**
 * Master Key System: today's completed proof drops against the tier's requirement; Activate is enabled only once
 * they reach it. An activation holds for the rest of the UTC day and unlocks applying to paid drops with keys.
 */
export default function MasterKeyDialog({ open, onOpenChange }: MasterKeyDialogProps) {
  const status = useMasterKeyStatus(open);
  const activation = useActivateMasterKey();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Master Key System"
      description="Complete proof drops today to unlock applying to paid drops with keys."
    >
      {status.isPending ? (
        <SkeletonList rows={2} label="Loading Master Key status" />
      ) : status.isError ? (
        <ErrorBox message={`Failed to load data: ${status.error.message}`} onRetry={() => void status.refetch()} />
      ) : (
        <MasterKeyStatusPanel
          status={status.data}
          error={error}
          activating={activation.isPending}
          onActivate={() =>
            activation.mutate(undefined, {
              onSuccess: (result) => {
                setError(null);
                toast.show({
                  title: 'Master Key activated',
                  description: result.message,
                  variant: 'success',
                  durationMilliseconds: 3000,
                });
              },
              onError: (failure) => setError(errorMessage(failure, 'Activation failed')),
            })
          }
        />
      )}
    </Dialog>
  );
}
