import { Badge, Button, Card, ErrorBox, TextField, errorMessage, formatBalance, useCurrentUser, useIdempotencyKey, useSession } from '@app/platform';
import { useToast } from '@app/platform/app';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { REWARDS_MESSAGES, REWARDS_RULES, normaliseReferralCode, processReferral, referralLink } from '../api/referral';

/** Referral Program: your code and link to share, and entering the code of whoever referred you (once). */
export function ReferralCard() {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
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

  const apply = useMutation({
    mutationFn: (referralCode: string) => processReferral(referralCode, idempotency.key()),
    onSuccess: async (result) => {
      idempotency.renew();
      setError(null);
      setAppliedNow(true);
      toast.show({ title: `Referral applied: +${formatBalance(result.referred_reward)} points`, variant: 'success', durationMilliseconds: 4000 });
      await refresh();
    },
    onError: (failure) => {
      idempotency.renew();
      setError(errorMessage(failure, 'Failed to process referral'));
    },
  });

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
          <form
            className="ui-stack"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (code === '') {
                setError(REWARDS_MESSAGES.referralCodeRequired);
                return;
              }
              apply.mutate(code);
            }}
          >
            <TextField
              label="Referral code"
              value={code}
              maxLength={REWARDS_RULES.referralCodeMaxLength}
              autoComplete="off"
              onChange={(event) => {
                setCode(normaliseReferralCode(event.target.value));
                setError(null);
              }}
            />
            {error ? <ErrorBox message={error} /> : null}
            <Button type="submit" busy={apply.isPending}>
              Apply referral code
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}
