import { Button, ErrorBox, TextField, errorMessage, formatBalance, formatCount, useCurrentUser, useIdempotencyKey, useSession } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import type { RegisterInfluenceRewardsResponse } from '@app/contracts/rewards';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  INFLUENCE_PLATFORMS,
  type InfluenceRegistration,
  REWARDS_MESSAGES,
  REWARDS_RULES,
  claimInfluencePoints,
  monthlyInfluencePoints,
  registerInfluenceRewards,
} from '../api/influence-rewards';

export interface InfluenceRewardsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

type Draft = Omit<InfluenceRegistration, 'follower_count'> & { follower_count: string };

/** Validates the form the way the server does; returns the first problem, or the registration to send. */
export function validateInfluenceDraft(draft: Draft): { error: string } | { registration: InfluenceRegistration } {
  const trimmed = { ...draft, full_name: draft.full_name.trim(), platform_username: draft.platform_username.trim(), phone_number: draft.phone_number.trim(), email: draft.email.trim() };
  if (!trimmed.full_name || !trimmed.platform_username || !trimmed.phone_number || !trimmed.email || draft.follower_count.trim() === '') return { error: REWARDS_MESSAGES.influenceFieldsRequired };
  const followers = Number(draft.follower_count);
  if (Number.isFinite(followers) && followers > REWARDS_RULES.influenceMaximumFollowers) return { error: REWARDS_MESSAGES.influenceTooManyFollowers };
  if (!Number.isInteger(followers) || followers < REWARDS_RULES.influenceMinimumFollowers) return { error: REWARDS_MESSAGES.influenceMinimumFollowers };
  return { registration: { ...trimmed, follower_count: followers } };
}

/** Influence Rewards: step 1 the registration form, step 2 the month's result and the claim; then it resets. */
export default function InfluenceRewardsDialog({ open, onOpenChange }: InfluenceRewardsDialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const platformId = useId();
  const [draft, setDraft] = useState<Draft>({ full_name: user.display_name ?? '', platform: 'instagram', platform_username: '', phone_number: '', email: user.email ?? '', follower_count: '' });
  const [result, setResult] = useState<RegisterInfluenceRewardsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const followers = Number(draft.follower_count);
  const preview =
    Number.isInteger(followers) && followers >= REWARDS_RULES.influenceMinimumFollowers && followers <= REWARDS_RULES.influenceMaximumFollowers ? monthlyInfluencePoints(followers) : null;

  const register = useMutation({
    mutationFn: registerInfluenceRewards,
    onSuccess: (answer) => {
      setError(null);
      setResult(answer);
    },
    onError: (failure) => setError(errorMessage(failure, 'Registration failed')),
  });
  const claim = useMutation({
    mutationFn: () => claimInfluencePoints(idempotency.key()),
    onSuccess: async (answer) => {
      idempotency.renew();
      toast.show({ title: `+${formatBalance(answer.points_awarded)} points`, description: answer.message, variant: 'success', durationMilliseconds: 4000 });
      await refresh();
      setResult(null);
      onOpenChange(false);
    },
    onError: (failure) => setError(errorMessage(failure, 'Failed to claim points')),
  });
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Influence Rewards" description="Earn points every month for the audience you bring.">
      {result === null ? (
        <form
          className="ui-stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = validateInfluenceDraft(draft);
            if ('error' in checked) {
              setError(checked.error);
              return;
            }
            setError(null);
            register.mutate(checked.registration);
          }}
        >
          <p className="ui-muted">
            Followers × 0.01 points a month (5,000 followers give 50), at most {formatBalance(REWARDS_RULES.influenceMonthlyPointsMaximum)}. At least{' '}
            {formatBalance(REWARDS_RULES.influenceMinimumFollowers)} followers; register again each month. Points are paid once we have verified your follower count.
          </p>
          <TextField label="Full name" autoComplete="name" {...field('full_name')} />
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={platformId}>
              Platform
            </label>
            <select id={platformId} className="ui-field__input" value={draft.platform} onChange={(event) => setDraft((current) => ({ ...current, platform: event.target.value as Draft['platform'] }))}>
              {INFLUENCE_PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {platform.charAt(0).toUpperCase() + platform.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Platform username" autoComplete="off" {...field('platform_username')} />
          <TextField label="Phone number" type="tel" autoComplete="tel" {...field('phone_number')} />
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <TextField
            label="Follower count"
            type="number"
            inputMode="numeric"
            min={REWARDS_RULES.influenceMinimumFollowers}
            {...field('follower_count')}
            hint={preview === null ? undefined : `About ${formatBalance(preview)} points a month once verified`}
          />
          {error ? <ErrorBox message={error} /> : null}
          <Button type="submit" busy={register.isPending}>
            Register
          </Button>
        </form>
      ) : (
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
              Your follower count awaits verification. Points can be claimed once it is verified (usually within 24 hours); the points come from the verified count.
            </p>
          )}
          {error ? <ErrorBox message={error} /> : null}
          {result.is_verified ? (
            <Button busy={claim.isPending} onClick={() => claim.mutate()}>
              Claim {formatBalance(result.points_calculated)} points
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
