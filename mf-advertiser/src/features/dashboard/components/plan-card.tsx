import { SUBSCRIPTION_MESSAGES, type AdvertiserPlanView } from '@app/contracts/subscriptions';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  ErrorBox,
  errorMessage,
  formatMoney,
  tierLabel,
  type Tier,
} from '@app/platform';
import { Dialog } from '@app/platform/app';
import { useState } from 'react';
import { usePlans, useUpgradeFlow } from '../../plans/plans-api';

const priceOf = (plan: AdvertiserPlanView) => (plan.price_cents === 0 ? 'Free' : `${formatMoney(plan.price)} / month`);

/** The plans by price ascending (spec 3 §9); the server sorts them too. */
const byPrice = (plans: AdvertiserPlanView[]) => [...plans].sort((a, b) => a.price_cents - b.price_cents);

/**
 * The Upgrade Plan modal: the plans with the current one marked. A paid plan leaves for the provider's checkout, a
 * free one changes at once (the plans page's flow, `useUpgradeFlow`). No plans (a failed load) is an empty list.
 */
export function UpgradePlanDialog({
  open,
  onOpenChange,
  plans,
  currentTier,
  leaveFor,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  plans: AdvertiserPlanView[];
  currentTier: Tier;
  leaveFor?(url: string): void;
}) {
  const { choose, notice, pick } = useUpgradeFlow(leaveFor);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade Plan"
      description="Choose the plan that fits your campaigns. Paid plans are billed monthly."
    >
      <div className="ui-stack">
        {notice ? (
          <p role="status" className="ui-card">
            {notice}
          </p>
        ) : null}
        {choose.isError ? <ErrorBox message={errorMessage(choose.error, SUBSCRIPTION_MESSAGES.upgradeFailed)} /> : null}
        {plans.length === 0 ? (
          <p className="ui-muted">No plans to choose from right now.</p>
        ) : (
          <ul className="ui-stack" aria-label="Available plans" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {byPrice(plans).map((plan) => {
              const current = plan.tier === currentTier;
              return (
                <li key={plan.id}>
                  <Card>
                    <div className="ui-row">
                      <h3 style={{ margin: 0, flex: 1 }}>
                        {plan.name} {current ? <Badge tone="accent">Current plan</Badge> : null}
                      </h3>
                      <strong>{priceOf(plan)}</strong>
                    </div>
                    <ul aria-label={`${plan.name} features`}>
                      {plan.features.map((feature) => (
                        <li key={feature}>{feature}</li>
                      ))}
                    </ul>
                    <Button
                      disabled={current || choose.isPending}
                      busy={choose.isPending && choose.variables === plan.id}
                      onClick={() => void pick(plan.id)}
                    >
                      {current ? 'Current plan' : plan.price_cents === 0 ? 'Switch to Free' : `Upgrade to ${plan.name}`}
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

/**
 * The plan card (spec 3 §2): the current plan, its price and features, and the Upgrade Plan modal. The plans are
 * cached 60 s; a failed load shows the dashboard's tier with no plans (spec 3 §8: silently empty).
 */
export function PlanCard({ tier, leaveFor }: { tier: Tier; leaveFor?(url: string): void }) {
  const plans = usePlans();
  const [upgrading, setUpgrading] = useState(false);
  const list = plans.data?.plans ?? [];
  const currentTier = plans.data?.current_tier ?? tier;
  const current = list.find((plan) => plan.tier === currentTier);
  const subscription = plans.data?.subscription;
  return (
    <Card
      title="Your plan"
      actions={
        <ButtonLink to="/plans" variant="ghost">
          All plans
        </ButtonLink>
      }
    >
      <div className="ui-stack" style={{ gap: '0.5rem' }}>
        <div className="ui-row">
          <strong style={{ fontSize: '1.25rem' }}>{tierLabel(currentTier)}</strong>
          {current ? <span className="ui-muted">{priceOf(current)}</span> : null}
        </div>
        {subscription?.paid_through ? (
          <span className="ui-muted">Paid through {subscription.paid_through.slice(0, 10)}</span>
        ) : null}
        {subscription?.cancel_at_period_end ? (
          <span className="ui-muted">Changes to Free at the end of the period</span>
        ) : null}
        {current && current.features.length > 0 ? (
          <ul aria-label="Your plan's features" style={{ margin: 0 }}>
            {current.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ) : null}
        <div>
          <Button onClick={() => setUpgrading(true)}>Upgrade Plan</Button>
        </div>
      </div>
      {upgrading ? (
        <UpgradePlanDialog
          open
          onOpenChange={setUpgrading}
          plans={list}
          currentTier={currentTier}
          leaveFor={leaveFor}
        />
      ) : null}
    </Card>
  );
}
