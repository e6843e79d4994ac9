import { ADVERTISER_MESSAGES, BrandProfileRequestSchema, type BrandProfile } from '@app/contracts/advertisers';
import { Button, TextField, errorMessage, isApiError } from '@app/platform';
import { Dialog, uploadImage, useToast } from '@app/platform/app';
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { LOGO_MAX_BYTES, useSaveBrandProfile } from '../api/advertiser-api';

type Fields = {
  brand_name: string;
  brand_description: string;
  brand_website: string;
  brand_email: string;
  brand_phone: string;
  brand_logo_url: string;
};
const FIELD_NAMES: Array<keyof Fields> = [
  'brand_name',
  'brand_description',
  'brand_website',
  'brand_email',
  'brand_phone',
  'brand_logo_url',
];

const fieldsOf = (brand: BrandProfile): Fields => ({
  brand_name: brand.brand_name ?? '',
  brand_description: brand.brand_description ?? '',
  brand_website: brand.brand_website ?? '',
  brand_email: brand.brand_email ?? '',
  brand_phone: brand.brand_phone ?? '',
  brand_logo_url: brand.brand_logo_url ?? '',
});

type FieldErrors = Partial<Record<keyof Fields | 'form', string>>;

/** The schema's first complaint per field. */
function schemaErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const found: Partial<Record<keyof Fields, string>> = {};
  for (const issue of issues) {
    const name = issue.path[0] as keyof Fields;
    if (!found[name]) found[name] = issue.message;
  }
  return found;
}

/** A failed save: the server's errors on the form's own fields, plus the general message on top. */
function saveErrors(error: unknown): FieldErrors {
  if (isApiError(error) && error.fieldErrors.length > 0) {
    const found: Partial<Record<keyof Fields, string>> = {};
    for (const fieldError of error.fieldErrors)
      if (FIELD_NAMES.includes(fieldError.field as keyof Fields))
        found[fieldError.field as keyof Fields] = fieldError.message;
    return { ...found, form: errorMessage(error, ADVERTISER_MESSAGES.brandSaveFailed) };
  }
  return { form: errorMessage(error, ADVERTISER_MESSAGES.brandSaveFailed) };
}

/** Checks and uploads a chosen logo file, then puts its URL in the form (or the reason it failed on the field). */
function useLogoUpload(setFields: Dispatch<SetStateAction<Fields>>, setErrors: Dispatch<SetStateAction<FieldErrors>>) {
  const [uploading, setUploading] = useState(false);
  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/'))
      return setErrors((current) => ({ ...current, brand_logo_url: ADVERTISER_MESSAGES.logoNotImage }));
    if (file.size >= LOGO_MAX_BYTES)
      return setErrors((current) => ({ ...current, brand_logo_url: ADVERTISER_MESSAGES.logoTooLarge }));
    setUploading(true);
    try {
      const url = await uploadImage(file);
      setFields((current) => ({ ...current, brand_logo_url: url }));
      setErrors((current) => ({ ...current, brand_logo_url: undefined }));
    } catch {
      setErrors((current) => ({ ...current, brand_logo_url: ADVERTISER_MESSAGES.logoUploadFailed }));
    } finally {
      setUploading(false);
    }
  };
  return { uploading, onLogo };
}

/** The brand profile modal (spec 3 §2, §5): the contract's schema checks the form before the server does. */
export function BrandProfileDialog({
  open,
  onOpenChange,
  brand,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  brand: BrandProfile;
}) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(brand));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { uploading, onLogo } = useLogoUpload(setFields, setErrors);
  const save = useSaveBrandProfile();
  const toast = useToast();

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BrandProfileRequestSchema.safeParse(fields);
    if (!parsed.success) return setErrors(schemaErrors(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.show({ title: ADVERTISER_MESSAGES.brandSaved, variant: 'success' });
        onOpenChange(false);
      },
      onError: (error) => setErrors(saveErrors(error)),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Brand Profile"
      description="How creators see your brand on your drops and campaigns."
    >
      <form className="ui-stack" onSubmit={onSubmit} noValidate>
        <BrandTextFields fields={fields} errors={errors} set={set} />
        <LogoField url={fields.brand_logo_url} uploading={uploading} error={errors.brand_logo_url} onFile={onLogo} />
        {errors.form ? (
          <p className="ui-field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="ui-row">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || uploading}>
            {save.isPending ? 'Saving…' : 'Save Brand'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function BrandTextFields({
  fields,
  errors,
  set,
}: {
  fields: Fields;
  errors: FieldErrors;
  set(name: keyof Fields): (event: { target: { value: string } }) => void;
}) {
  return (
    <>
      <TextField
        label="Brand name"
        value={fields.brand_name}
        onChange={set('brand_name')}
        error={errors.brand_name}
        required
      />
      <TextField
        label="Description"
        value={fields.brand_description}
        onChange={set('brand_description')}
        error={errors.brand_description}
      />
      <TextField
        label="Website"
        type="url"
        placeholder="https://"
        value={fields.brand_website}
        onChange={set('brand_website')}
        error={errors.brand_website}
      />
      <TextField
        label="Contact e-mail"
        type="email"
        value={fields.brand_email}
        onChange={set('brand_email')}
        error={errors.brand_email}
      />
      <TextField
        label="Phone"
        type="tel"
        value={fields.brand_phone}
        onChange={set('brand_phone')}
        error={errors.brand_phone}
      />
    </>
  );
}

/** The logo's preview and file picker (disabled while an upload runs), with the upload's error. */
function LogoField({
  url,
  uploading,
  error,
  onFile,
}: {
  url: string;
  uploading: boolean;
  error: string | undefined;
  onFile(file: File | undefined): Promise<void>;
}) {
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor="brand-logo-file">
        Logo
      </label>
      {url ? <img src={url} alt="Brand logo preview" width={64} height={64} /> : null}
      <input
        id="brand-logo-file"
        type="file"
        accept="image/*"
        onChange={(event) => void onFile(event.target.files?.[0])}
        disabled={uploading}
      />
      {uploading ? <p className="ui-muted">Uploading logo…</p> : null}
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
