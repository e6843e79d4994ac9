import {
  Badge,
  Button,
  ErrorBox,
  SkeletonList,
  errorMessage,
  formatBalance,
  isApiError,
  refreshMoneyViews,
  rewardKeys,
  useIdempotencyKey,
  useSession,
} from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import { Form, FormError, FormTextField, SubmitButton, useZodForm } from '@app/platform/forms';
import { type InstagramStatus, RegisterInstagramRequestSchema } from '@app/contracts/rewards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REWARDS_RULES, claimInstagramPoints, registerInstagram, useInstagramStatus } from '../api/instagram';

export interface InstagramDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Instagram Verification in two steps: register a username, then send the verification word to the product's
 * account and, once verified (about 24 hours), claim the month's points. A different username starts over.
 */
export default function InstagramDialog({ open, onOpenChange }: InstagramDialogProps) {
  const status = useInstagramStatus(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Instagram Verification"
      description="Verify your Instagram account to claim monthly points."
    >
      {status.isPending ? (
        <SkeletonList rows={2} label="Loading your Instagram status" />
      ) : status.isError && !(isApiError(status.error) && status.error.status === 404) ? (
        <ErrorBox message={`Failed to load data: ${status.error.message}`} onRetry={() => void status.refetch()} />
      ) : (
        <InstagramSteps status={status.data ?? null} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

/** Where the registration stands: an administrator reviews it, then verifies or rejects it. */
function ReviewBadge({ status }: { status: InstagramStatus['verification_status'] }) {
  if (status === 'verified') return <Badge tone="success">Verified</Badge>;
  if (status === 'rejected') return <Badge tone="danger">Rejected</Badge>;
  return <Badge tone="warning">Pending review</Badge>;
}

type InstagramForm = ReturnType<typeof useZodForm<typeof RegisterInstagramRequestSchema>>;

/** Step 1: register the username (the answer becomes the cached status). */
function RegisterStep({ form, onRegistered }: { form: InstagramForm; onRegistered(): void }) {
  const queryClient = useQueryClient();
  return (
    <Form
      form={form}
      fallbackError="Registration failed"
      onSubmit={async (values) => {
        queryClient.setQueryData(rewardKeys.instagram(), await registerInstagram(values.instagram_username));
        onRegistered();
      }}
    >
      <p className="ui-muted">Step 1 of 2: tell us your Instagram username.</p>
      <FormTextField name="instagram_username" label="Instagram username" placeholder="@yourname" autoComplete="off" />
      <FormError />
      <SubmitButton>Register</SubmitButton>
    </Form>
  );
}

/** How to prove the account is yours (and why a rejected registration was rejected). */
function VerificationSteps({ current }: { current: InstagramStatus | null }) {
  const word = current?.verification_word ?? REWARDS_RULES.instagramVerificationWord;
  const account = current?.verification_account ?? REWARDS_RULES.instagramProductAccount;
  return (
    <>
      {current?.verification_status === 'rejected' ? (
        <p className="account-notice" role="status">
          An administrator could not verify this account
          {current.rejection_reason ? `: ${current.rejection_reason}` : ''}. Send the word again and register once more
          to ask for a new review.
        </p>
      ) : null}
      <ol className="account-steps">
        <li>
          Send a direct message with the word <strong>{word}</strong> to <strong>{account}</strong> on Instagram.
        </li>
        <li>Verification takes about 24 hours.</li>
        <li>Then claim {formatBalance(current?.monthly_points ?? 0)} points, once a month.</li>
      </ol>
    </>
  );
}

/** The month's claim: a toast and fresh balances, then `onDone`; a failure's message goes to `onFailed`. */
function useClaimInstagramPoints(onDone: () => void, onFailed: (message: string) => void) {
  const { refresh } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: () => claimInstagramPoints(idempotency.key()),
    onSuccess: async (result) => {
      idempotency.renew();
      toast.show({
        title: `+${formatBalance(result.points_awarded)} points`,
        description: result.message,
        variant: 'success',
        durationMilliseconds: 4000,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardKeys.instagram() }),
        refreshMoneyViews(queryClient),
        refresh(),
      ]);
      // A successful claim closes the modal; closing unmounts the steps, so the next opening starts afresh.
      onDone();
    },
    onError: (failure) => onFailed(errorMessage(failure, 'Failed to claim points')),
  });
}

function InstagramSteps({ status, onDone }: { status: InstagramStatus | null; onDone(): void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(status?.instagram_username ? 2 : 1);
  const [error, setError] = useState<string | null>(null);
  // The contract's request schema: the same messages as the API ('Instagram username is required', ...).
  const form = useZodForm(RegisterInstagramRequestSchema, {
    defaultValues: { instagram_username: status?.instagram_username ?? '' },
  });
  const username = form.watch('instagram_username');
  const claim = useClaimInstagramPoints(onDone, setError);

  if (step === 1) {
    return (
      <RegisterStep
        form={form}
        onRegistered={() => {
          setError(null);
          setStep(2);
        }}
      />
    );
  }

  const current = queryClient.getQueryData<InstagramStatus>(rewardKeys.instagram()) ?? status;
  const verified = current?.is_verified ?? false;
  const canClaim = verified && (current?.can_claim ?? false);
  return (
    <div className="ui-stack">
      <p className="ui-muted">Step 2 of 2: prove the account is yours.</p>
      <p>
        Registered as <strong>@{current?.instagram_username ?? username}</strong>{' '}
        <ReviewBadge status={current?.verification_status ?? 'pending_review'} />
      </p>
      <VerificationSteps current={current} />
      {verified && !canClaim ? (
        <p className="account-notice">You have claimed this month&apos;s points. Come back next month.</p>
      ) : null}
      {error ? <ErrorBox message={error} /> : null}
      <div className="ui-row">
        <Button disabled={!canClaim} busy={claim.isPending} onClick={() => claim.mutate()}>
          Claim points
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setError(null);
            form.reset({ instagram_username: '' });
            setStep(1);
          }}
        >
          Use a different username
        </Button>
      </div>
    </div>
  );
}
