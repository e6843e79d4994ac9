import { Button, ErrorBox, errorMessage } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { useState } from 'react';

/**
 * Asks before a change (pause, resume, activate, delete); shows the server's refusal in place and stays open on
 * failure.
 */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): Promise<unknown>;
}) {
  const { open, onOpenChange, title, message, confirmLabel, danger, onConfirm } = props;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error, 'The change failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (busy ? undefined : (setFailure(null), onOpenChange(next)))}
      title={title}
      description={message}
    >
      <div className="ui-stack">
        {failure ? <ErrorBox message={failure} /> : null}
        <div className="ui-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
