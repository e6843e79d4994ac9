import { Button, ErrorBox, errorMessage } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
  useRequestForm,
} from '@app/platform/forms';
import { CONTENT_MESSAGES, CONTENT_PLATFORMS, UpdateContentRequestSchema } from '@app/contracts/content';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ContentView, useDeleteContent, useUpdateContent } from '../api/content-api';
import { PLATFORM_LABELS } from './content-form';

interface EditValues {
  platform: string;
  title: string;
  description: string;
  platform_url: string;
  media_url: string;
  total_shares: string;
}

const DELETE_DESCRIPTION =
  'Its comments and engagement go with it. If others hold shares in it, it is archived instead: ' +
  'hidden from every list, still readable by its holders.';

const platformOptions = CONTENT_PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] ?? value }));

function editRequestOf(values: EditValues) {
  return {
    platform: values.platform,
    title: values.title,
    description: values.description,
    platform_url: values.platform_url,
    media_url: values.media_url,
    total_shares: values.total_shares.trim() === '' ? undefined : Number(values.total_shares),
  };
}

function EditContentDialog({
  content,
  open,
  onOpenChange,
}: {
  content: ContentView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const toast = useToast();
  const update = useUpdateContent(content.id);
  const form = useRequestForm(UpdateContentRequestSchema, editRequestOf, {
    values: {
      platform: content.platform,
      title: content.title,
      description: content.description ?? '',
      platform_url: content.platform_url,
      media_url: content.media_url ?? '',
      total_shares: String(content.total_shares),
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Content">
      <Form
        form={form}
        fallbackError={CONTENT_MESSAGES.updateFailed}
        aria-label="Edit content"
        onSubmit={async (request) => {
          await update.mutateAsync(request);
          toast.show({ title: 'Content updated', variant: 'success', durationMilliseconds: 3000 });
          onOpenChange(false);
        }}
      >
        <FormSelect name="platform" label="Platform" options={platformOptions} />
        <FormTextField name="title" label="Title" required />
        <FormTextArea name="description" label="Description" rows={4} />
        <FormTextField name="platform_url" label="Content URL" type="url" required />
        <FormTextField name="media_url" label="Image URL (optional)" type="text" />
        <FormTextField
          name="total_shares"
          label="Total shares"
          type="number"
          min={1}
          max={1000}
          hint="1 to 1000, never below the shares already held"
        />
        <p className="ui-muted">The share price follows the content's funding; the server sets it.</p>
        <FormError />
        <div className="ui-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <SubmitButton>Save Changes</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** Edit and Delete for the content's owner; delete asks first and then goes home. */
export function OwnerActions({ content }: { content: ContentView }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContent(content.id);
  return (
    <>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <EditContentDialog content={content} open={editing} onOpenChange={setEditing} />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this content?"
        description={DELETE_DESCRIPTION}
      >
        {remove.isError ? <ErrorBox message={errorMessage(remove.error, CONTENT_MESSAGES.deleteFailed)} /> : null}
        <div className="ui-row">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (result) => {
                  toast.show({
                    title: result.outcome === 'archived' ? 'Content archived' : 'Content deleted',
                    variant: 'success',
                    durationMilliseconds: 3000,
                  });
                  navigate('/dashboard');
                },
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </>
  );
}
