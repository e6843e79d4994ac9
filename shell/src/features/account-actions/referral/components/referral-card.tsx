import { Button, Card, formatBalance, useCurrentUser } from '@app/platform';
import { REWARDS_RULES } from '../api/referral';

/** The own profile's referral code (spec 2 §2), and the way into the Referral Program dialog. */
export function ReferralCard({ onOpen }: { onOpen(): void }) {
  const user = useCurrentUser();
  const ownCode = typeof user.referral_code === 'string' && user.referral_code !== '' ? user.referral_code : null;
  return (
    <Card title="Referral Program">
      <div className="ui-stack">
        <p className="ui-muted">
          Friends who join with your code get {formatBalance(REWARDS_RULES.referredPoints)} points; you get{' '}
          {formatBalance(REWARDS_RULES.referrerPoints)} for each.
        </p>
        {ownCode ? (
          <p>
            Your code: <strong data-testid="own-referral-code">{ownCode}</strong>
          </p>
        ) : null}
        <Button variant="secondary" onClick={onOpen}>
          Open Referral Program
        </Button>
      </div>
    </Card>
  );
}
