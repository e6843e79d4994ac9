import { Button, ErrorBox, TextField, isApiError } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { DROP_MESSAGES } from '@app/contracts/drops';
import { useState } from 'react';
import { useSubmitWork } from '../api/drops-api';
import { SelectField, TextAreaField } from './drop-form-fields';

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Submit Your Work for an approved application: a URL or text, and optional notes. */
export function SubmitWorkDialog({ applicationId, open, onOpenChange }: { applicationId: string; open: boolean; onOpenChange(open: boolean): void }) {
  const [type, setType] = useState<'url' | 'text'>('url');
  const [data, setData] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitWork(applicationId, () => onOpenChange(false));

  const send = () => {
    setError(null);
    if (data.trim() === '') return setError(DROP_MESSAGES.submissionDataRequired);
    if (type === 'url' && !isHttpUrl(data.trim())) return setError(DROP_MESSAGES.invalidSubmissionUrl);
    submit.mutate(
      { submission_type: type, submission_data: data.trim(), submission_notes: notes },
      { onError: (failure) => setError(isApiError(failure) ? failure.message : 'Submission failed') },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Submit Your Work" description="Review usually takes 24-48 hours.">
      <form
        className="ui-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <SelectField label="Submission type" value={type} onChange={(value) => setType(value as 'url' | 'text')}>
          <option value="url">URL</option>
          <option value="text">Text</option>
        </SelectField>
        {type === 'url' ? (
          <TextField label="Submission URL" type="url" value={data} onChange={(event) => setData(event.target.value)} />
        ) : (
          <TextAreaField label="Submission" value={data} onChange={setData} />
        )}
        <TextAreaField label="Notes (optional)" value={notes} onChange={setNotes} />
        {error ? <ErrorBox message={error} /> : null}
        <Button type="submit" busy={submit.isPending}>
          Submit Work
        </Button>
      </form>
    </Dialog>
  );
}
