import { ErrorBox, isApiError } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { Form, FormSelect, FormTextArea, FormTextField, SubmitButton, useWatch, useZodForm } from '@app/platform/forms';
import { SubmitWorkRequestSchema } from '@app/contracts/drops';
import { useState } from 'react';
import { useSubmitWork } from '../api/drops-api';

const submissionTypes = [
  { value: 'url', label: 'URL' },
  { value: 'text', label: 'Text' },
] as const;

/** Submit Your Work for an approved application: a URL or text, and optional notes (the drops contract checks both). */
export function SubmitWorkDialog({
  applicationId,
  open,
  onOpenChange,
}: {
  applicationId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const form = useZodForm(SubmitWorkRequestSchema, {
    defaultValues: { submission_type: 'url', submission_data: '', submission_notes: '' },
  });
  const type = useWatch({ control: form.control, name: 'submission_type' });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useSubmitWork(applicationId, () => onOpenChange(false));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Submit Your Work"
      description="Review usually takes 24-48 hours."
    >
      <Form
        form={form}
        fallbackError="Submission failed"
        onSubmit={async (values) => {
          setFailure(null);
          try {
            await submit.mutateAsync({
              submission_type: values.submission_type,
              submission_data: values.submission_data,
              submission_notes: values.submission_notes ?? '',
            });
          } catch (error) {
            setFailure(isApiError(error) ? error.message : 'Submission failed');
          }
        }}
      >
        <FormSelect name="submission_type" label="Submission type" options={submissionTypes} />
        {type === 'url' ? (
          <FormTextField name="submission_data" label="Submission URL" type="url" />
        ) : (
          <FormTextArea name="submission_data" label="Submission" rows={3} />
        )}
        <FormTextArea name="submission_notes" label="Notes (optional)" rows={3} />
        {failure ? <ErrorBox message={failure} /> : null}
        <SubmitButton busy={submit.isPending || undefined}>Submit Work</SubmitButton>
      </Form>
    </Dialog>
  );
}
