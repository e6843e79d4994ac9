import {
  Badge,
  Button,
  TextField,
  formatBalance,
  forgetReferralCode,
  pendingReferralCode,
  refreshMoneyViews,
  useCurrentUser,
  useIdempotencyKey,
  useSession,
} from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import { Form, FormError, FormTextField, SubmitButton, useZodForm } from '@app/platform/forms';
import { ProcessReferralRequestSchema } from '@app/contracts/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { REWARDS_RULES, normaliseReferralCode, processReferral, referralLink } from '../api/referral';

export interface ReferralProgramDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The Referral Program modal (spec 2's dialogs; spec 3 opens it from the Growth Hub): the user's code and link to
 * share, and the code of whoever referred them, once. A code from a referral link that sign-up could not apply is
 * offered here again.
 */
export default function ReferralProgramDialog({ open, onOpenChange }: ReferralProgramDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Referral Program"
      description="Invite friends and earn points together."
    >
      <ReferralProgram />
    </Dialog>
  );
}

/** The user's own code and link, with a button that copies the link (and says so for two seconds). */
function OwnReferralCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <p>
        Your code: <strong>{code}</strong>
      </p>
      <TextField
        label="Your referral link"
        readOnly
        value={referralLink(code)}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="ui-row">
        <Button
          size="small"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(referralLink(code)).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied!' : 'Copy referral link'}
        </Button>
      </div>
    </>
  );
}

function ReferralProgram() {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const queryClient = useQueryClient();
  const form = useZodForm(ProcessReferralRequestSchema, {
    defaultValues: { referral_code: pendingReferralCode() ?? '' },
  });
  const ownCode = typeof user.referral_code === 'string' && user.referral_code !== '' ? user.referral_code : null;
  // The server's success is final even before the profile's referred_by (a projection) catches up.
  const [appliedNow, setAppliedNow] = useState(false);
  const alreadyReferred = appliedNow || (typeof user.referred_by === 'string' && user.referred_by !== '');

  const apply = async (values: { referral_code: string }) => {
    try {
      const result = await processReferral(values.referral_code, idempotency.key());
      setAppliedNow(true);
      forgetReferralCode();
      toast.show({
        title: `Referral applied: +${formatBalance(result.referred_reward)} points`,
        variant: 'success',
        durationMilliseconds: 4000,
      });
      await Promise.all([refreshMoneyViews(queryClient), refresh()]);
    } finally {
      idempotency.renew();
    }
  };

  return (
    <div className="ui-stack">
      <p className="ui-muted">
        Friends who join with your code get {formatBalance(REWARDS_RULES.referredPoints)} points; you get{' '}
        {formatBalance(REWARDS_RULES.referrerPoints)} for each.
      </p>
      {ownCode ? <OwnReferralCode code={ownCode} /> : null}
      {alreadyReferred ? (
        <p>
          <Badge tone="success">Referral Applied</Badge>
        </p>
      ) : (
        <Form form={form} onSubmit={apply} fallbackError="Failed to process referral">
          <FormTextField
            name="referral_code"
            label="Referral code"
            maxLength={REWARDS_RULES.referralCodeMaxLength}
            autoComplete="off"
            // Codes are upper case, without spaces, at most 6 characters (spec 2 §5).
            onInput={(event) => {
              event.currentTarget.value = normaliseReferralCode(event.currentTarget.value);
            }}
          />
          <FormError />
          <SubmitButton>Apply referral code</SubmitButton>
        </Form>
      )}
    </div>
  );
}
