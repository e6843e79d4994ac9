import { Button, ErrorBox, TextField, isApiError } from '@app/platform';
import { Dialog, Form, SubmitButton, useRequestForm } from '@app/platform/app';
import { CreateDropRequestSchema, DROP_MESSAGES, PAID_DROP_DEFAULTS } from '@app/contracts/drops';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { imageUrlAnswers, uploadImage, useCreateDrop, type Drop } from '../api/drops-api';
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
  const [imageSource, setImageSource] = useState<'upload' | 'url'>('upload');
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [imageError, setImageError] = useState<string | null>(null);
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
  }, [open, initialKind, form]);

  const switchKind = (next: DropKind) => {
    setKind(next);
    form.reset(valuesForKind(form.getValues(), next));
  };

  /** The image: checked or uploaded only once the fields are valid; null means none, undefined a failure shown. */
  const previewImageOf = async (): Promise<string | null | undefined> => {
    if (imageSource === 'url') {
      if (imageUrl.trim() === '' || !(await imageUrlAnswers(imageUrl.trim()))) {
        setImageError(DROP_MESSAGES.invalidImageUrl);
        return undefined;
      }
      return imageUrl.trim();
    }
    if (!imageFile) return null;
    try {
      return await uploadImage(imageFile);
    } catch {
      setImageError('Failed to upload image. Please try again.');
      return undefined;
    }
  };

  const submit = async (request: ReturnType<typeof createRequestOf>) => {
    setFailure(null);
    setImageError(null);
    const previewImage = await previewImageOf();
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
        <fieldset className="ui-row" aria-label="Drop kind">
          {KIND_CHOICES.map((choice) => (
            <label key={choice.kind}>
              <input
                type="radio"
                name="drop-kind"
                value={choice.kind}
                checked={kind === choice.kind}
                onChange={() => switchKind(choice.kind)}
              />{' '}
              {choice.label}
            </label>
          ))}
        </fieldset>
        <DropFormFields kind={kind} />
        <fieldset className="ui-stack" aria-label="Image source">
          <div className="ui-row">
            <label>
              <input
                type="radio"
                name="image-source"
                checked={imageSource === 'upload'}
                onChange={() => setImageSource('upload')}
              />{' '}
              Upload image
            </label>
            <label>
              <input
                type="radio"
                name="image-source"
                checked={imageSource === 'url'}
                onChange={() => setImageSource('url')}
              />{' '}
              Image URL
            </label>
          </div>
          {imageSource === 'upload' ? (
            <div className="ui-field">
              <label className="ui-field__label" htmlFor="drop-image-file">
                Image file
              </label>
              <input
                id="drop-image-file"
                type="file"
                accept="image/*"
                onChange={(event) => setImageFile(event.target.files?.[0] ?? null)}
              />
              {imageError ? <p className="ui-field__error">{imageError}</p> : null}
            </div>
          ) : (
            <TextField
              label="Image URL"
              type="url"
              value={imageUrl}
              error={imageError ?? undefined}
              onChange={(event) => setImageUrl(event.target.value)}
            />
          )}
        </fieldset>
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
