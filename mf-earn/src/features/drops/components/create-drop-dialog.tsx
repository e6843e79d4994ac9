import { Button, ErrorBox, TextField, isApiError } from '@app/platform';
import { Dialog, uploadImage } from '@app/platform/app';
import { Form, SubmitButton, useRequestForm } from '@app/platform/forms';
import { CreateDropRequestSchema, DROP_MESSAGES, PAID_DROP_DEFAULTS } from '@app/contracts/drops';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { imageUrlAnswers, useCreateDrop, type Drop } from '../api/drops-api';
import { DropFormFields, emptyDropForm, requestFieldsOf, type DropFormValues } from './drop-form-fields';
import { KIND_LABELS } from './drop-format';

export type DropKind = Drop['kind'];

/** Switching kind resets the costs (paid: 1 key and 50 gems; others 0) and the proof and paid flags (spec 2). */
export function valuesForKind(values: DropFormValues, kind: DropKind): DropFormValues {
  const paid = kind === 'paid';
  return {
    ...values,
    key_cost: paid ? String(PAID_DROP_DEFAULTS.keyCost) : '0',
    gem_reward_base: paid ? String(PAID_DROP_DEFAULTS.gemRewardBase) : '0',
    gem_pool_total: '',
    move_cost_points: kind === 'move' ? '10' : '0',
    key_reward_amount: kind === 'move' ? '1' : '0',
    key_pool_total: '',
  };
}

const KIND_CHOICES: { kind: DropKind; label: string }[] = [
  { kind: 'proof', label: 'Proof (free)' },
  { kind: 'paid', label: 'Paid' },
  { kind: 'move', label: 'Move' },
];

/** The create request the form means: its fields, the kind and the kind's flags. */
function createRequestOf(values: DropFormValues, kind: DropKind) {
  return { ...requestFieldsOf(values, kind), kind, is_proof_drop: kind === 'proof', is_paid_drop: kind === 'paid' };
}

/** The drop's preview image, uploaded or given by URL, with the problem found with it. */
function useDropImage() {
  const [source, setSource] = useState<'upload' | 'url'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** The image: checked or uploaded only once the fields are valid; null means none, undefined a failure shown. */
  const previewImageOf = async (): Promise<string | null | undefined> => {
    if (source === 'url') {
      if (url.trim() === '' || !(await imageUrlAnswers(url.trim()))) {
        setError(DROP_MESSAGES.invalidImageUrl);
        return undefined;
      }
      return url.trim();
    }
    if (!file) return null;
    try {
      return await uploadImage(file);
    } catch {
      setError('Failed to upload image. Please try again.');
      return undefined;
    }
  };
  return { source, setSource, setFile, url, setUrl, error, setError, previewImageOf };
}

export function CreateDropDialog({
  open,
  initialKind,
  onOpenChange,
}: {
  open: boolean;
  initialKind: DropKind;
  onOpenChange(open: boolean): void;
}) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<DropKind>(initialKind);
  // The resolver reads the kind at validation time: the contract checks the request of the kind shown.
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const form = useRequestForm(
    CreateDropRequestSchema,
    (values: DropFormValues) => createRequestOf(values, kindRef.current),
    {
      defaultValues: valuesForKind(emptyDropForm, initialKind),
    },
  );
  const image = useDropImage();
  const setImageError = image.setError;
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateDrop((drop) => {
    onOpenChange(false);
    navigate(`/task/${drop.id}`);
  });

  useEffect(() => {
    if (!open) return;
    setKind(initialKind);
    form.reset(valuesForKind(emptyDropForm, initialKind));
    setImageError(null);
    setFailure(null);
  }, [open, initialKind, form, setImageError]);

  const switchKind = (next: DropKind) => {
    setKind(next);
    form.reset(valuesForKind(form.getValues(), next));
  };

  const submit = async (request: ReturnType<typeof createRequestOf>) => {
    setFailure(null);
    setImageError(null);
    const previewImage = await image.previewImageOf();
    if (previewImage === undefined) return;
    try {
      await create.mutateAsync({ ...request, preview_image: previewImage });
    } catch (error) {
      // Field messages go under their inputs; the sentence of the refusal heads the form.
      if (isApiError(error))
        for (const fieldError of error.fieldErrors)
          form.setError(fieldError.field as keyof DropFormValues, { type: 'server', message: fieldError.message });
      setFailure(isApiError(error) ? error.message : 'Failed to create drop');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create Drop" description={`New ${KIND_LABELS[kind]}`}>
      <Form form={form} onSubmit={submit} fallbackError="Failed to create drop">
        <KindChoice kind={kind} onChange={switchKind} />
        <DropFormFields kind={kind} />
        <ImageSourceFields image={image} />
        {failure ? <ErrorBox title="Create Drop failed" message={failure} /> : null}
        <div className="ui-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <SubmitButton busy={create.isPending || undefined}>Create Drop</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function KindChoice({ kind, onChange }: { kind: DropKind; onChange(kind: DropKind): void }) {
  return (
    <fieldset className="ui-row" aria-label="Drop kind">
      {KIND_CHOICES.map((choice) => (
        <label key={choice.kind}>
          <input
            type="radio"
            name="drop-kind"
            value={choice.kind}
            checked={kind === choice.kind}
            onChange={() => onChange(choice.kind)}
          />{' '}
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Upload a file or give a URL: the radio picks which field shows; the image's problem shows under it. */
function ImageSourceFields({ image }: { image: ReturnType<typeof useDropImage> }) {
  return (
    <fieldset className="ui-stack" aria-label="Image source">
      <div className="ui-row">
        <label>
          <input
            type="radio"
            name="image-source"
            checked={image.source === 'upload'}
            onChange={() => image.setSource('upload')}
          />{' '}
          Upload image
        </label>
        <label>
          <input
            type="radio"
            name="image-source"
            checked={image.source === 'url'}
            onChange={() => image.setSource('url')}
          />{' '}
          Image URL
        </label>
      </div>
      {image.source === 'upload' ? (
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="drop-image-file">
            Image file
          </label>
          <input
            id="drop-image-file"
            type="file"
            accept="image/*"
            onChange={(event) => image.setFile(event.target.files?.[0] ?? null)}
          />
          {image.error ? <p className="ui-field__error">{image.error}</p> : null}
        </div>
      ) : (
        <TextField
          label="Image URL"
          type="url"
          value={image.url}
          error={image.error ?? undefined}
          onChange={(event) => image.setUrl(event.target.value)}
        />
      )}
    </fieldset>
  );
}
