import { Badge, Button, Card, formatBalance, refreshMoneyViews, useCurrentUser, useIdempotencyKey, useSession } from '@app/platform';
import { Form, FormError, FormTextField, SubmitButton, useToast, useZodForm } from '@app/platform/app';
import { ProcessReferralRequestSchema } from '@app/contracts/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { REWARDS_RULES, normaliseReferralCode, processReferral, referralLink } from '../api/referral';

/** Referral Program: your code and link to share, and entering the code of whoever referred you (once). */
export function ReferralCard() {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const queryClient = useQueryClient();
  const form = useZodForm(ProcessReferralRequestSchema, { defaultValues: { referral_code: '' } });
  const [copied, setCopied] = useState(false);
  const ownCode = typeof user.referral_code === 'string' && user.referral_code !== '' ? user.referral_code : null;
  // The server's success is final even before the profile's referred_by (a projection) catches up.
  const [appliedNow, setAppliedNow] = useState(false);
  const alreadyReferred = appliedNow || (typeof user.referred_by === 'string' && user.referred_by !== '');

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const apply = async (values: { referral_code: string }) => {
    try {
      const result = await processReferral(values.referral_code, idempotency.key());
      setAppliedNow(true);
      toast.show({ title: `Referral applied: +${formatBalance(result.referred_reward)} points`, variant: 'success', durationMilliseconds: 4000 });
      await Promise.all([refreshMoneyViews(queryClient), refresh()]);
    } finally {
      idempotency.renew();
    }
  };

  return (
    <Card title="Referral Program">
      <div className="ui-stack">
        <p className="ui-muted">
          Friends who join with your code get {formatBalance(REWARDS_RULES.referredPoints)} points; you get {formatBalance(REWARDS_RULES.referrerPoints)} for each.
        </p>
        {ownCode ? (
          <div className="ui-row">
            <span>
              Your code: <strong data-testid="own-referral-code">{ownCode}</strong>
            </span>
            <Button
              size="small"
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(referralLink(ownCode)).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {copied ? 'Copied!' : 'Copy referral link'}
            </Button>
          </div>
        ) : null}
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
    </Card>
  );
}
