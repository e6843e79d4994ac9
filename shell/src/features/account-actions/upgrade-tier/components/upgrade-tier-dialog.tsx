import { Button, ErrorBox, SkeletonList, type Tier, TIERS, errorMessage, formatBalance, normaliseTier, tierLabel, useCurrentUser, useIdempotencyKey, useSession } from '@app/platform';
import { Dialog, covers, useToast } from '@app/platform/app';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type PaymentMethod, upgradeTier, useUpgradeCosts } from '../api/upgrade-tier';

const paymentMethods: { value: PaymentMethod; label: string; balanceKey: 'points_balance' | 'gems_balance' }[] = [
  { value: 'points', label: 'Points', balanceKey: 'points_balance' },
  { value: 'gems', label: 'Gems', balanceKey: 'gems_balance' },
];

const tierPerks: Record<Tier, string> = {
  free: '1x points, 5 proof drops for the Master Key, 500 Instagram points a month',
  premium: '1.5x points, 2 proof drops for the Master Key, 750 Instagram points a month',
  super: '2x points, 1 proof drop for the Master Key, 1,000 Instagram points a month',
};

export interface UpgradeTierDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Upgrade Your Tier: only upward moves, paid in points or gems through the ledger. */
export default function UpgradeTierDialog({ open, onOpenChange }: UpgradeTierDialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const costs = useUpgradeCosts(open);
  const current = normaliseTier(user.user_tier);
  const targets = TIERS.filter((tier) => TIERS.indexOf(tier) > TIERS.indexOf(current) && costs.data?.costs[current]?.[tier]);
  const [chosenTarget, setChosenTarget] = useState<Tier | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('points');
  const [error, setError] = useState<string | null>(null);
  const target = chosenTarget && targets.includes(chosenTarget) ? chosenTarget : (targets[0] ?? null);
  const cost = target ? costs.data?.costs[current]?.[target] : undefined;
  const price = cost ? cost[method] : undefined;
  const balance = user[paymentMethods.find((candidate) => candidate.value === method)!.balanceKey];
  const affordable = price !== undefined && covers(balance, price, method);

  const upgrade = useMutation({
    mutationFn: (input: { target_tier: Tier; payment_method: PaymentMethod }) => upgradeTier(input, idempotency.key()),
    onSuccess: async (_result, input) => {
      idempotency.renew();
      toast.show({ title: `Upgraded to ${tierLabel(input.target_tier)}`, variant: 'success', durationMilliseconds: 3000 });
      await refresh();
      onOpenChange(false);
    },
    onError: (failure) => setError(errorMessage(failure, 'Upgrade failed')),
  });
  const change = (update: () => void) => {
    update();
    setError(null);
    idempotency.renew();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Upgrade Your Tier" description={`You are on the ${tierLabel(current)} tier.`}>
      {costs.isPending ? (
        <SkeletonList rows={2} label="Loading upgrade costs" />
      ) : target === null || !cost ? (
        <p>You are on the highest tier: there is nothing to upgrade to.</p>
      ) : (
        <form
          className="ui-stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (affordable) upgrade.mutate({ target_tier: target, payment_method: method });
          }}
        >
          {costs.data?.builtIn ? <p className="account-notice">Live prices could not be loaded; these are the standard prices. The server charges its current price.</p> : null}
          <fieldset className="account-choice">
            <legend>Target tier</legend>
            {targets.map((tier) => (
              <label key={tier} className="account-choice__option">
                <input type="radio" name="target-tier" value={tier} checked={target === tier} onChange={() => change(() => setChosenTarget(tier))} />
                <span>
                  {tierLabel(tier)} <small className="ui-muted">({tierPerks[tier]})</small>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="account-choice">
            <legend>Pay with</legend>
            {paymentMethods.map((candidate) => (
              <label key={candidate.value} className="account-choice__option">
                <input type="radio" name="payment-method" value={candidate.value} checked={method === candidate.value} onChange={() => change(() => setMethod(candidate.value))} />
                <span>
                  {formatBalance(cost[candidate.value])} {candidate.value}{' '}
                  <small className="ui-muted">(you have {formatBalance(user[candidate.balanceKey])})</small>
                </span>
              </label>
            ))}
          </fieldset>
          {!affordable ? <p className="account-warning">Insufficient balance</p> : null}
          {error ? <ErrorBox message={error} /> : null}
          <Button type="submit" disabled={!affordable} busy={upgrade.isPending}>
            Upgrade to {tierLabel(target)}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
