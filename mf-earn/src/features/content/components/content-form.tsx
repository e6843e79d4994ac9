import { ButtonLink, TextField, errorMessage, formatSharePrice, isApiError } from '@app/platform';
import { useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import {
  CONTENT_MESSAGES,
  CONTENT_PLATFORMS,
  CONTENT_SHARES,
  CreateContentRequestSchema,
} from '@app/contracts/content';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { imageUrlAnswers } from '../../drops/api/drops-api';
import { contentImageProblem, generatePlaceholder, uploadContentImage, useCreateContent } from '../api/content-api';
import { fundContent } from '../api/engagement-api';

/** Share Existing Content links a post on another platform; Upload New Content hosts an uploaded image here. */
export type ContentFormMode = 'share' | 'upload';

export interface ContentFormValues {
  platform: string;
  title: string;
  description: string;
  platform_url: string;
  media_url: string;
  total_shares: string;
  funding_gems: string;
}

const emptyValues: ContentFormValues = {
  platform: 'instagram',
  title: '',
  description: '',
  platform_url: '',
  media_url: '',
  total_shares: String(CONTENT_SHARES.default),
  funding_gems: '',
};

export const PLATFORM_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
};
const platformOptions = CONTENT_PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] ?? value }));

export const FUNDING_MESSAGE = 'Gem funding must be a whole number of at least 1';
export const REDIRECT_DELAY_MILLISECONDS = 2000;

/** The optional gem funding rides along with the contract's request; it is sent to /fund after creation. */
const fundingField = z.number({ error: FUNDING_MESSAGE }).int(FUNDING_MESSAGE).min(1, FUNDING_MESSAGE).nullable();
const shareSchema = CreateContentRequestSchema.extend({ funding_gems: fundingField });
// The uploaded image becomes the content's address, so the form has no platform URL to check before the upload.
const uploadSchema = CreateContentRequestSchema.omit({ platform_url: true }).extend({ funding_gems: fundingField });

const numberOrText = (text: string) => (text.trim() === '' ? null : Number(text));

function requestOf(values: ContentFormValues, mode: ContentFormMode) {
  const base = {
    platform: values.platform,
    title: values.title,
    description: values.description,
    total_shares: numberOrText(values.total_shares),
    funding_gems: numberOrText(values.funding_gems),
  };
  return mode === 'share' ? { ...base, platform_url: values.platform_url, media_url: values.media_url } : base;
}

/** share_price = funding ÷ total_shares (spec 2 §5); gems count $0.01 each. A preview: the server prices it. */
export function previewSharePrice(fundingGems: string, totalShares: string): string | null {
  const gems = Number(fundingGems);
  const shares = Math.max(CONTENT_SHARES.createMin, Number(totalShares) || CONTENT_SHARES.default);
  if (!Number.isInteger(gems) || gems < 1) return null;
  return formatSharePrice((gems * 0.01) / shares);
}

type Toast = ReturnType<typeof useToast>;

interface MediaRequest {
  media_url?: string | null;
  title: string;
  description?: string | null;
  platform: string;
}

/** What choosing the content's image needs from the form: the chosen file and where to say what is wrong. */
interface MediaContext {
  file: File | null;
  mode: ContentFormMode;
  toast: Toast;
  setFileError(message: string): void;
  setMediaUrlError(message: string): void;
}

/**
 * Uploads the chosen image; in share mode a failed upload falls back to a placeholder generated from the
 * description. Undefined when there is no image to use (the reason is on the file field).
 */
async function uploadedMedia(file: File, request: MediaRequest, context: MediaContext) {
  const { mode, toast, setFileError } = context;
  try {
    const uploaded = await uploadContentImage(file, {
      description: request.description ?? undefined,
      platform: request.platform,
    });
    if (uploaded.fallback)
      toast.show({
        title: 'Image Upload Notice',
        description: uploaded.fallbackReason ?? 'The image was stored in a fallback format.',
        durationMilliseconds: 5000,
      });
    return uploaded.url;
  } catch (error) {
    toast.show({ title: CONTENT_MESSAGES.uploadFailed, variant: 'error', durationMilliseconds: 5000 });
    if (mode === 'upload') return void setFileError(errorMessage(error, CONTENT_MESSAGES.uploadFailed));
    const placeholder = await generatePlaceholder({
      title: request.title,
      description: request.description ?? undefined,
      platform: request.platform,
    });
    toast.show({
      title: 'Using Placeholder Image',
      description: 'An image was generated from your description.',
      durationMilliseconds: 5000,
    });
    return placeholder.url;
  }
}

/**
 * The image the content shows: uploaded (falling back to a generated one in share mode), or the checked URL;
 * null for none, undefined when the form must stop (the reason is on its field).
 */
async function mediaOf(request: MediaRequest, context: MediaContext): Promise<string | null | undefined> {
  const { file, mode, setFileError, setMediaUrlError } = context;
  if (file) {
    const problem = contentImageProblem(file);
    if (problem) return void setFileError(problem);
    return uploadedMedia(file, request, context);
  }
  if (mode === 'upload') return void setFileError(CONTENT_MESSAGES.imageRequired);
  const url = request.media_url?.trim();
  if (!url) return null;
  if (!(await imageUrlAnswers(url))) return void setMediaUrlError(CONTENT_MESSAGES.invalidMediaUrl);
  return url;
}

function showCreateFailed(toast: Toast, error: unknown) {
  const validation = isApiError(error) && error.status < 500 && error.fieldErrors.length > 0;
  toast.show({
    title: 'Content Creation Failed',
    description: validation
      ? `${errorMessage(error, CONTENT_MESSAGES.createFailed)} Please check all form fields and try again.`
      : errorMessage(error, CONTENT_MESSAGES.createFailed),
    variant: 'error',
    durationMilliseconds: 8000,
  });
}

/** Funds the new content; a failure only warns, since the content itself is live. */
async function fundCreatedContent(toast: Toast, contentId: string, gems: number) {
  try {
    await fundContent(contentId, { amount: gems, currency_type: 'Gems' });
  } catch (error) {
    const reason = errorMessage(error, 'Failed to fund content. Please try again.');
    toast.show({
      title: 'Funding failed',
      description: `Your content is live, but the funding did not go through: ${reason}`,
      variant: 'error',
      durationMilliseconds: 5000,
    });
  }
}

/** Navigates after REDIRECT_DELAY_MILLISECONDS, unless the form unmounts first. */
function useRedirectLater() {
  const navigate = useNavigate();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );
  return (to: string) => {
    redirect.current = setTimeout(() => navigate(to), REDIRECT_DELAY_MILLISECONDS);
  };
}

type ContentRequest = z.input<typeof shareSchema> | z.input<typeof uploadSchema>;

/**
 * The form's submit: the image first, then the content, then the optional funding; on success it says so and opens
 * the new content after a moment (`createdId` links to it meanwhile).
 */
function useCreateContentSubmit(price: string | null, media: Omit<MediaContext, 'toast'>) {
  const toast = useToast();
  const redirectLater = useRedirectLater();
  const create = useCreateContent();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const submit = async (request: ContentRequest) => {
    const { funding_gems: funding, ...fields } = request;
    const mediaUrl = await mediaOf(
      {
        title: fields.title,
        description: fields.description,
        platform: String(fields.platform),
        media_url: 'media_url' in fields ? fields.media_url : null,
      },
      { ...media, toast },
    );
    if (mediaUrl === undefined) return;
    const platformUrl =
      'platform_url' in fields ? fields.platform_url : new URL(mediaUrl ?? '', window.location.origin).href;
    let created;
    try {
      created = await create.mutateAsync({
        ...fields,
        platform_url: platformUrl,
        media_url: mediaUrl,
        share_price: price === null ? null : Number(price),
      });
    } catch (error) {
      showCreateFailed(toast, error);
      throw error;
    }
    if (funding) await fundCreatedContent(toast, created.contentId, funding);
    toast.show({
      title: 'Content created!',
      description: 'Opening your content…',
      variant: 'success',
      durationMilliseconds: 3000,
    });
    setCreatedId(created.contentId);
    redirectLater(`/content/${encodeURIComponent(created.contentId)}`);
  };
  return { submit, createdId };
}

export function ContentForm({ mode }: { mode: ContentFormMode }) {
  const form = useRequestForm(
    mode === 'share' ? shareSchema : uploadSchema,
    (values: ContentFormValues) => requestOf(values, mode),
    { defaultValues: emptyValues },
  );
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fundingGems, totalShares] = useWatch({ control: form.control, name: ['funding_gems', 'total_shares'] });
  const price = previewSharePrice(fundingGems, totalShares);
  const { submit, createdId } = useCreateContentSubmit(price, {
    file,
    mode,
    setFileError,
    setMediaUrlError: (message) => form.setError('media_url', { type: 'server', message }),
  });

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen ? contentImageProblem(chosen) : null);
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      fallbackError={CONTENT_MESSAGES.createFailed}
      aria-label={mode === 'share' ? 'Share existing content' : 'Upload new content'}
    >
      <FormSelect name="platform" label="Platform" options={platformOptions} />
      <FormTextField name="title" label="Title" required />
      <FormTextArea name="description" label="Description" rows={4} />
      {mode === 'share' ? <ShareLinkFields /> : null}
      <TextField
        label={mode === 'share' ? 'Image file (optional)' : 'Image file'}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        hint="JPG, PNG, GIF or WEBP, max 10 MB"
        error={fileError ?? undefined}
        onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
      />
      <SharesAndFundingFields price={price} />
      <FormError />
      {createdId ? (
        <p role="status">
          Content created.{' '}
          <ButtonLink to={`/content/${encodeURIComponent(createdId)}`} variant="ghost">
            Open it now
          </ButtonLink>
        </p>
      ) : null}
      <SubmitButton disabled={createdId !== null}>{mode === 'share' ? 'Share Content' : 'Upload Content'}</SubmitButton>
    </Form>
  );
}

/** Share mode only: the post's address on its platform, and an optional image address. */
function ShareLinkFields() {
  return (
    <>
      <FormTextField
        name="platform_url"
        label="Content URL"
        type="url"
        required
        placeholder="https://"
        hint="The post on the platform above"
      />
      <FormTextField
        name="media_url"
        label="Image URL (optional)"
        type="url"
        placeholder="https://"
        hint="Or upload an image below"
      />
    </>
  );
}

/** The share count and optional gem funding, with the share price they make (a preview). */
function SharesAndFundingFields({ price }: { price: string | null }) {
  return (
    <>
      <FormTextField
        name="total_shares"
        label="Total shares"
        type="number"
        min={CONTENT_SHARES.createMin}
        max={CONTENT_SHARES.max}
        hint="100 to 1000 (default 100)"
      />
      <FormTextField
        name="funding_gems"
        label="Fund with gems (optional)"
        type="number"
        min={1}
        step={1}
        hint="Whole gems; the share price is the funding split over every share"
      />
      <p className="ui-muted" aria-live="polite">
        Share price: {price === null ? 'set by the server (no funding)' : `$${price}`}
      </p>
    </>
  );
}
