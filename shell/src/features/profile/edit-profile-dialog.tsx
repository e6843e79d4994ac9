import {
  Button,
  TextField,
  apiClient,
  errorMessage,
  profileSlug,
  useSession,
  userKeys,
  type User,
} from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormTextArea,
  FormTextField,
  SubmitButton,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import {
  PROFILE_MESSAGES,
  SOCIAL_PLATFORMS,
  UpdateProfileRequestSchema,
  updateProfileRoute,
  type SocialPlatform,
} from '@app/contracts/identity';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { profileImageProblem, uploadProfileImage } from './profile-api';

export const BIO_MAX = 500;

export interface ProfileFormValues {
  username: string;
  display_name: string;
  bio: string;
  avatar_url: string;
  banner_url: string;
  website_url: string;
  social_links: Record<SocialPlatform, string>;
}

const SOCIAL_LABELS: Record<SocialPlatform, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

function socialLinksOf(user: User): Record<SocialPlatform, string> {
  const links = (user.social_links ?? {}) as Partial<Record<SocialPlatform, string>>;
  return Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, links[platform] ?? ''])) as Record<
    SocialPlatform,
    string
  >;
}

export function profileValuesOf(user: User): ProfileFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    username: text(user.username),
    display_name: text(user.display_name),
    bio: text(user.bio),
    avatar_url: text(user.avatar_url),
    banner_url: text(user.banner_url),
    website_url: text(user.website_url),
    social_links: socialLinksOf(user),
  };
}

/** Empty handles are dropped; with none left social_links is sent as an empty string (spec 2 §5). */
export function profileRequestOf(values: ProfileFormValues) {
  const handles = Object.fromEntries(
    Object.entries(values.social_links)
      .filter(([, handle]) => handle.trim() !== '')
      .map(([platform, handle]) => [platform, handle.trim()]),
  );
  return {
    username: values.username,
    display_name: values.display_name,
    bio: values.bio,
    avatar_url: values.avatar_url,
    banner_url: values.banner_url,
    website_url: values.website_url,
    social_links: Object.keys(handles).length === 0 ? '' : JSON.stringify(handles),
  };
}

function ImageUpload({
  label,
  field,
  onUploaded,
}: {
  label: string;
  field: 'avatar_url' | 'banner_url';
  onUploaded(field: 'avatar_url' | 'banner_url', url: string): void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = profileImageProblem(file);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      onUploaded(field, await uploadProfileImage(file));
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to upload image. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextField
      label={label}
      type="file"
      accept="image/*"
      hint={busy ? 'Uploading…' : 'JPG, PNG, GIF, max 5MB'}
      error={problem ?? undefined}
      disabled={busy}
      aria-busy={busy || undefined}
      onChange={(event) => void choose(event.target.files?.[0])}
    />
  );
}

/** Edit Profile: images uploaded as chosen, then every field checked with identity's contract and saved. */
export function EditProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { user, refresh } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useRequestForm(UpdateProfileRequestSchema, profileRequestOf, {
    values: user ? profileValuesOf(user) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const [avatarUrl, bannerUrl, bio] = useWatch({ control: form.control, name: ['avatar_url', 'banner_url', 'bio'] });
  const uploaded = (field: 'avatar_url' | 'banner_url', url: string) =>
    form.setValue(field, url, { shouldDirty: true });
  if (!user) return null;
  // Closing without saving drops the edits: the next opening starts from the saved profile.
  const close = (next: boolean) => {
    if (!next) form.reset(profileValuesOf(user));
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title="Edit Profile">
      <Form
        form={form}
        fallbackError={PROFILE_MESSAGES.updateFailed}
        aria-label="Edit profile"
        onSubmit={async (request) => {
          const updated = await apiClient().call(updateProfileRoute, { body: request });
          await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: userKeys.all })]);
          toast.show({ title: 'Profile updated', variant: 'success', durationMilliseconds: 3000 });
          onOpenChange(false);
          if (updated.username !== user.username)
            navigate(`/profile/${encodeURIComponent(profileSlug(updated) ?? 'me')}`, { replace: true });
        }}
      >
        <div className="profile-edit__images">
          {bannerUrl ? <img className="profile-edit__banner" src={bannerUrl} alt="Banner preview" /> : null}
          {avatarUrl ? <img className="profile-avatar" src={avatarUrl} alt="Avatar preview" /> : null}
        </div>
        <ImageUpload label="Avatar image" field="avatar_url" onUploaded={uploaded} />
        <ImageUpload label="Banner image" field="banner_url" onUploaded={uploaded} />
        <FormTextField name="username" label="Username" autoComplete="username" />
        <FormTextField name="display_name" label="Display name" />
        <FormTextArea name="bio" label="Bio" rows={3} hint={`${bio.length}/${BIO_MAX}`} />
        <FormTextField name="avatar_url" label="Avatar URL" />
        <FormTextField name="banner_url" label="Banner URL" />
        <FormTextField name="website_url" label="Website URL" type="url" placeholder="https://" />
        <fieldset className="ui-stack">
          <legend>Social links</legend>
          {SOCIAL_PLATFORMS.map((platform) => (
            <FormTextField
              key={platform}
              name={`social_links.${platform}`}
              label={SOCIAL_LABELS[platform]}
              placeholder="handle"
            />
          ))}
        </fieldset>
        <FormError />
        <div className="ui-row">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <SubmitButton>Save Profile</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
