import {
  Button,
  ErrorBox,
  errorMessage,
  formatBalance,
  formatCount,
  refreshMoneyViews,
  useCurrentUser,
  useIdempotencyKey,
  useSession,
} from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormSelect,
  FormTextField,
  SubmitButton,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import { type RegisterInfluenceRewardsResponse, RegisterInfluenceRewardsRequestSchema } from '@app/contracts/rewards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  INFLUENCE_PLATFORMS,
  type InfluenceRegistration,
  REWARDS_MESSAGES,
  REWARDS_RULES,
  claimInfluencePoints,
  monthlyInfluencePoints,
  registerInfluenceRewards,
} from '../api/influence-rewards';
import { InfluenceReviewStatus } from './influence-review-status';

export interface InfluenceRewardsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

type Draft = Omit<InfluenceRegistration, 'follower_count'> & { follower_count: string };

/** The request the form means: trimmed text, and the follower count as a number (blank stays missing). */
function registrationOf(draft: Draft) {
  const count = draft.follower_count.trim();
  return {
    full_name: draft.full_name.trim(),
    platform: draft.platform,
    platform_username: draft.platform_username.trim(),
    phone_number: draft.phone_number.trim(),
    email: draft.email.trim(),
    follower_count: count === '' ? undefined : Number(count),
  };
}

/** Checks the form with the rewards contract (as the server does); returns the first problem, or the registration. */
export function validateInfluenceDraft(draft: Draft): { error: string } | { registration: InfluenceRegistration } {
  const request = registrationOf(draft);
  const parsed = RegisterInfluenceRewardsRequestSchema.safeParse(request);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? REWARDS_MESSAGES.influenceFieldsRequired };
  return { registration: request as InfluenceRegistration };
}

const platformOptions = INFLUENCE_PLATFORMS.map((platform) => ({
  value: platform,
  label: platform.charAt(0).toUpperCase() + platform.slice(1),
}));

/** The points a month a follower count would earn, or null while the count is outside the accepted range. */
function monthlyPointsPreview(followers: number): number | null {
  const inRange =
    Number.isInteger(followers) &&
    followers >= REWARDS_RULES.influenceMinimumFollowers &&
    followers <= REWARDS_RULES.influenceMaximumFollowers;
  return inRange ? monthlyInfluencePoints(followers) : null;
}

/** Step 1's explanation and fields; the follower count hints at the points it would earn. */
function RegistrationFields({ preview }: { preview: number | null }) {
  return (
    <>
      <p className="ui-muted">
        Followers × 0.01 points a month (5,000 followers give 50), at most{' '}
        {formatBalance(REWARDS_RULES.influenceMonthlyPointsMaximum)}. At least{' '}
        {formatBalance(REWARDS_RULES.influenceMinimumFollowers)} followers; register again each month. Points are paid
        once we have verified your follower count.
      </p>
      <FormTextField name="full_name" label="Full name" autoComplete="name" />
      <FormSelect name="platform" label="Platform" options={platformOptions} />
      <FormTextField name="platform_username" label="Platform username" autoComplete="off" />
      <FormTextField name="phone_number" label="Phone number" type="tel" autoComplete="tel" />
      <FormTextField name="email" label="Email" type="email" autoComplete="email" />
      <FormTextField
        name="follower_count"
        label="Follower count"
        type="number"
        inputMode="numeric"
        min={REWARDS_RULES.influenceMinimumFollowers}
        hint={preview === null ? undefined : `About ${formatBalance(preview)} points a month once verified`}
      />
    </>
  );
}

/** Step 2: the registration as the server took it, and the claim once the follower count is verified. */
function RegistrationResult({
  result,
  error,
  claiming,
  onClaim,
  onDone,
}: {
  result: RegisterInfluenceRewardsResponse;
  error: string | null;
  claiming: boolean;
  onClaim(): void;
  onDone(): void;
}) {
  return (
    <div className="ui-stack">
      <dl className="account-facts" aria-label="Registration">
        <dt>Account</dt>
        <dd>@{result.platform_username}</dd>
        <dt>Followers</dt>
        <dd>{formatCount(result.follower_count)}</dd>
        <dt>{result.is_verified ? 'Points this month' : 'Points once verified (estimate)'}</dt>
        <dd>{formatBalance(result.points_calculated)}</dd>
        <dt>Month</dt>
        <dd>{result.current_month}</dd>
      </dl>
      {result.is_verified ? null : (
        <p className="account-notice" role="status">
          Pending review: your follower count awaits verification by an administrator. Points can be claimed once it is
          verified (usually within 24 hours); the points come from the verified count.
        </p>
      )}
      {error ? <ErrorBox message={error} /> : null}
      {result.is_verified ? (
        <Button busy={claiming} onClick={onClaim}>
          Claim {formatBalance(result.points_calculated)} points
        </Button>
      ) : (
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      )}
    </div>
  );
}

/** Influence Rewards: step 1 the registration form, step 2 the month's result and the claim; then it resets. */
export default function InfluenceRewardsDialog({ open, onOpenChange }: InfluenceRewardsDialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const queryClient = useQueryClient();
  const form = useRequestForm(RegisterInfluenceRewardsRequestSchema, registrationOf, {
    defaultValues: {
      full_name: user.display_name ?? '',
      platform: 'instagram',
      platform_username: '',
      phone_number: '',
      email: user.email ?? '',
      follower_count: '',
    },
  });
  const [result, setResult] = useState<RegisterInfluenceRewardsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const followers = Number(useWatch({ control: form.control, name: 'follower_count' }));
  const preview = monthlyPointsPreview(followers);

  const claim = useMutation({
    mutationFn: () => claimInfluencePoints(idempotency.key()),
    onSuccess: async (answer) => {
      idempotency.renew();
      toast.show({
        title: `+${formatBalance(answer.points_awarded)} points`,
        description: answer.message,
        variant: 'success',
        durationMilliseconds: 4000,
      });
      await Promise.all([refreshMoneyViews(queryClient), refresh()]);
      setResult(null);
      onOpenChange(false);
    },
    onError: (failure) => setError(errorMessage(failure, 'Failed to claim points')),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Influence Rewards"
      description="Earn points every month for the audience you bring."
    >
      {result === null ? (
        <Form
          form={form}
          fallbackError="Registration failed"
          onSubmit={async (request) => {
            setError(null);
            setResult(await registerInfluenceRewards(request as InfluenceRegistration));
          }}
        >
          <InfluenceReviewStatus open={open} />
          <RegistrationFields preview={preview} />
          <FormError />
          <SubmitButton>Register</SubmitButton>
        </Form>
      ) : (
        <RegistrationResult
          result={result}
          error={error}
          claiming={claim.isPending}
          onClaim={() => claim.mutate()}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}
