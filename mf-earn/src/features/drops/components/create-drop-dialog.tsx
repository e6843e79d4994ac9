import { Button, ErrorBox, TextField, isApiError } from '@app/platform';
import { Dialog } from '@app/platform/app';
import { CreateDropRequestSchema, DROP_MESSAGES, PAID_DROP_DEFAULTS } from '@app/contracts/drops';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { imageUrlAnswers, uploadImage, useCreateDrop, type Drop } from '../api/drops-api';
import { DropFormFields, emptyDropForm, fieldErrorsOf, requestFieldsOf, type DropFormValues, type FieldErrors } from './drop-form-fields';
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

export function CreateDropDialog({ open, initialKind, onOpenChange }: { open: boolean; initialKind: DropKind; onOpenChange(open: boolean): void }) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<DropKind>(initialKind);
  const [values, setValues] = useState<DropFormValues>(() => valuesForKind(emptyDropForm, initialKind));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [imageSource, setImageSource] = useState<'upload' | 'url'>('upload');
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const create = useCreateDrop((drop) => {
    onOpenChange(false);
    navigate(`/task/${drop.id}`);
  });

  useEffect(() => {
    if (!open) return;
    setKind(initialKind);
    setValues(valuesForKind(emptyDropForm, initialKind));
    setErrors({});
    setFailure(null);
  }, [open, initialKind]);

  const switchKind = (next: DropKind) => {
    setKind(next);
    setValues((current) => valuesForKind(current, next));
  };

  const submit = async () => {
    setFailure(null);
    const body = {
      ...requestFieldsOf(values, kind),
      kind,
      is_proof_drop: kind === 'proof',
      is_paid_drop: kind === 'paid',
    };
    const parsed = CreateDropRequestSchema.safeParse(body);
    const nextErrors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })));
    if (imageSource === 'url' && imageUrl.trim() === '') nextErrors.image = DROP_MESSAGES.invalidImageUrl;
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    setChecking(true);
    try {
      let previewImage: string | null = null;
      if (imageSource === 'url') {
        if (!(await imageUrlAnswers(imageUrl.trim()))) {
          setErrors({ image: DROP_MESSAGES.invalidImageUrl });
          return;
        }
        previewImage = imageUrl.trim();
      } else if (imageFile) {
        try {
          previewImage = await uploadImage(imageFile);
        } catch {
          setErrors({ image: 'Failed to upload image. Please try again.' });
          return;
        }
      }
      await create.mutateAsync({ ...body, preview_image: previewImage });
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) setErrors(fieldErrorsOf(error.fieldErrors));
      setFailure(isApiError(error) ? error.message : 'Failed to create drop');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create Drop" description={`New ${KIND_LABELS[kind]}`}>
      <form
        className="ui-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="ui-row" aria-label="Drop kind">
          {KIND_CHOICES.map((choice) => (
            <label key={choice.kind}>
              <input type="radio" name="drop-kind" value={choice.kind} checked={kind === choice.kind} onChange={() => switchKind(choice.kind)} /> {choice.label}
            </label>
          ))}
        </fieldset>
        <DropFormFields values={values} errors={errors} kind={kind} onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} />
        <fieldset className="ui-stack" aria-label="Image source">
          <div className="ui-row">
            <label>
              <input type="radio" name="image-source" checked={imageSource === 'upload'} onChange={() => setImageSource('upload')} /> Upload image
            </label>
            <label>
              <input type="radio" name="image-source" checked={imageSource === 'url'} onChange={() => setImageSource('url')} /> Image URL
            </label>
          </div>
          {imageSource === 'upload' ? (
            <div className="ui-field">
              <label className="ui-field__label" htmlFor="drop-image-file">
                Image file
              </label>
              <input id="drop-image-file" type="file" accept="image/*" onChange={(event) => setImageFile(event.target.files?.[0] ?? null)} />
              {errors.image ? <p className="ui-field__error">{errors.image}</p> : null}
            </div>
          ) : (
            <TextField label="Image URL" type="url" value={imageUrl} error={errors.image} onChange={(event) => setImageUrl(event.target.value)} />
          )}
        </fieldset>
        {failure ? <ErrorBox title="Create Drop failed" message={failure} /> : null}
        <div className="ui-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={checking || create.isPending}>
            Create Drop
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
