import { Button, ErrorBox, isApiError } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { Form, SubmitButton, useRequestForm } from '@app/platform/forms';
import { DROP_MESSAGES, UpdateDropRequestSchema } from '@app/contracts/drops';
import { useEffect, useState } from 'react';
import { useUpdateDrop, type Drop } from '../api/drops-api';
import { DropFormFields, requestFieldsOf, type DropFormValues } from './drop-form-fields';

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
export function EditDropDialog({
  drop,
  open,
  onOpenChange,
}: {
  drop: Drop;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  // The contract checks the update with the drop's kind (its rules differ per kind); the kind itself is not sent.
  const form = useRequestForm(
    UpdateDropRequestSchema,
    (values: DropFormValues) => ({ ...requestFieldsOf(values, drop.kind), kind: drop.kind }),
    {
      defaultValues: formValuesOf(drop),
    },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateDrop(drop.id, () => onOpenChange(false));
  const fieldErrorCount = Object.keys(form.formState.errors).length;

  useEffect(() => {
    if (open) {
      form.reset(formValuesOf(drop));
      setFailure(null);
    }
  }, [open, drop, form]);

  const submit = async (request: { kind?: unknown } & Record<string, unknown>) => {
    setFailure(null);
    const { kind: _kind, ...body } = request;
    try {
      await update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0]);
    } catch (error) {
      if (isApiError(error))
        for (const fieldError of error.fieldErrors)
          form.setError(fieldError.field as keyof DropFormValues, { type: 'server', message: fieldError.message });
      setFailure(isApiError(error) ? error.message : 'Failed to update drop');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Drop"
      description="Drop type cannot change after creation."
    >
      <Form form={form} onSubmit={submit} fallbackError="Failed to update drop">
        <DropFormFields kind={drop.kind} />
        {failure ? (
          <ErrorBox message={failure} />
        ) : fieldErrorCount > 0 && form.formState.isSubmitted ? (
          <ErrorBox message={DROP_MESSAGES.checkFields} />
        ) : null}
        <div className="ui-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <SubmitButton busy={update.isPending || undefined}>Update Drop</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
