import { Button, ErrorBox, isApiError } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { DROP_MESSAGES, UpdateDropRequestSchema } from '@app/contracts/drops';
import { useEffect, useState } from 'react';
import { useUpdateDrop, type Drop } from '../api/drops-api';
import { DropFormFields, fieldErrorsOf, requestFieldsOf, type DropFormValues, type FieldErrors } from './drop-form-fields';

export function formValuesOf(drop: Drop): DropFormValues {
  return {
    title: drop.title,
    description: drop.description,
    drop_type: drop.drop_type,
    difficulty: drop.difficulty,
    key_cost: String(drop.key_cost),
    gem_reward_base: String(drop.gem_reward_base),
    gem_pool_total: String(drop.gem_pool_total),
    move_cost_points: String(drop.move_cost_points),
    key_reward_amount: String(drop.key_reward_amount),
    // Blank: an edit of the reward or the seats recomputes the pool (reward × seats); a number sets it.
    key_pool_total: '',
    follower_threshold: String(drop.follower_threshold),
    max_participants: drop.max_participants === null ? '' : String(drop.max_participants),
    time_commitment: drop.time_commitment ?? '',
    deadline_at: drop.deadline_at ? drop.deadline_at.slice(0, 10) : '',
    platform: drop.platform ?? '',
    content_url: drop.content_url ?? '',
    requirements: drop.requirements ?? '',
    deliverables: drop.deliverables ?? '',
  };
}

/** Edit Drop: every field but the kind, which cannot change after creation. */
export function EditDropDialog({ drop, open, onOpenChange }: { drop: Drop; open: boolean; onOpenChange(open: boolean): void }) {
  const [values, setValues] = useState(() => formValuesOf(drop));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateDrop(drop.id, () => onOpenChange(false));

  useEffect(() => {
    if (open) {
      setValues(formValuesOf(drop));
      setErrors({});
      setFailure(null);
    }
  }, [open, drop]);

  const submit = () => {
    setFailure(null);
    const body = requestFieldsOf(values, drop.kind);
    const parsed = UpdateDropRequestSchema.safeParse({ ...body, kind: drop.kind });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }))));
      setFailure(DROP_MESSAGES.checkFields);
      return;
    }
    setErrors({});
    update.mutate(body, {
      onError: (error) => {
        if (isApiError(error)) setErrors(fieldErrorsOf(error.fieldErrors));
        setFailure(isApiError(error) ? error.message : 'Failed to update drop');
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Drop" description="Drop type cannot change after creation.">
      <form
        className="ui-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DropFormFields values={values} errors={errors} kind={drop.kind} onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} />
        {failure ? <ErrorBox message={failure} /> : null}
        <div className="ui-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Update Drop
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
