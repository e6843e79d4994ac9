import {
  SkeletonList,
  type Tier,
  TIERS,
  formatBalance,
  normaliseTier,
  refreshMoneyViews,
  tierLabel,
  useCurrentUser,
  useIdempotencyKey,
  useSession,
} from '@app/platform';
import { Dialog, covers, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormRadioGroup,
  ROOT_SERVER_ERROR,
  SubmitButton,
  useRequestForm,
  useWatch,
} from '@app/platform/forms';
import { UpgradeTierRequestSchema } from '@app/contracts/shop';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** The upward tiers with their perks, and the price in points and in gems (with the user's balance of each). */
function UpgradeChoices({
  targets,
  cost,
  builtInPrices,
}: {
  targets: Tier[];
  cost: Record<PaymentMethod, number>;
  /** The live prices could not be loaded and the standard ones are shown. */
  builtInPrices: boolean;
}) {
  const user = useCurrentUser();
  return (
    <>
      {builtInPrices ? (
        <p className="account-notice">
          Live prices could not be loaded; these are the standard prices. The server charges its current price.
        </p>
      ) : null}
      <FormRadioGroup
        name="target_tier"
        legend="Target tier"
        options={targets.map((tier) => ({
          value: tier,
          label: (
            <>
              {tierLabel(tier)} <small className="ui-muted">({tierPerks[tier]})</small>
            </>
          ),
        }))}
      />
      <FormRadioGroup
        name="payment_method"
        legend="Pay with"
        options={paymentMethods.map((candidate) => ({
          value: candidate.value,
          label: (
            <>
              {formatBalance(cost[candidate.value])} {candidate.value}{' '}
              <small className="ui-muted">(you have {formatBalance(user[candidate.balanceKey])})</small>
            </>
          ),
        }))}
      />
    </>
  );
}

/** Upgrade Your Tier: only upward moves, paid in points or gems through the ledger. */
export default function UpgradeTierDialog({ open, onOpenChange }: UpgradeTierDialogProps) {
  const user = useCurrentUser();
  const { refresh } = useSession();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const costs = useUpgradeCosts(open);
  const current = normaliseTier(user.user_tier);
  const targets = TIERS.filter(
    (tier) => TIERS.indexOf(tier) > TIERS.indexOf(current) && costs.data?.costs[current]?.[tier],
  );
  const queryClient = useQueryClient();
  // The shop contract's request schema checks the choice ('Target tier is required', ...).
  const form = useRequestForm(
    UpgradeTierRequestSchema,
    (values: { target_tier: string; payment_method: PaymentMethod }) => values,
    {
      defaultValues: { target_tier: '', payment_method: 'points' },
    },
  );
  const [chosenTarget, method = 'points'] = useWatch({
    control: form.control,
    name: ['target_tier', 'payment_method'],
  }) as [string, PaymentMethod];
  const target = targets.find((tier) => tier === chosenTarget) ?? targets[0] ?? null;
  // The first upward tier is chosen once the prices are known.
  useEffect(() => {
    if (target && chosenTarget !== target) form.setValue('target_tier', target);
  }, [target, chosenTarget, form]);
  // Another choice is another payment: new key, and the last failure goes.
  useEffect(() => {
    const subscription = form.watch(() => {
      idempotency.renew();
      form.clearErrors(ROOT_SERVER_ERROR);
    });
    return () => subscription.unsubscribe();
  }, [form, idempotency]);
  const cost = target ? costs.data?.costs[current]?.[target] : undefined;
  const price = cost ? cost[method] : undefined;
  const balance = user[paymentMethods.find((candidate) => candidate.value === method)!.balanceKey];
  const affordable = price !== undefined && covers(balance, price, method);

  const submit = async () => {
    if (!affordable || target === null) return;
    await upgradeTier({ target_tier: target, payment_method: method }, idempotency.key());
    idempotency.renew();
    toast.show({ title: `Upgraded to ${tierLabel(target)}`, variant: 'success', durationMilliseconds: 3000 });
    await Promise.all([refreshMoneyViews(queryClient), refresh()]);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade Your Tier"
      description={`You are on the ${tierLabel(current)} tier.`}
    >
      {costs.isPending ? (
        <SkeletonList rows={2} label="Loading upgrade costs" />
      ) : target === null || !cost ? (
        <p>You are on the highest tier: there is nothing to upgrade to.</p>
      ) : (
        <Form form={form} onSubmit={submit} fallbackError="Upgrade failed">
          <UpgradeChoices targets={targets} cost={cost} builtInPrices={costs.data?.builtIn ?? false} />
          {!affordable ? <p className="account-warning">Insufficient balance</p> : null}
          <FormError />
          <SubmitButton disabled={!affordable}>Upgrade to {tierLabel(target)}</SubmitButton>
        </Form>
      )}
    </Dialog>
  );
}
