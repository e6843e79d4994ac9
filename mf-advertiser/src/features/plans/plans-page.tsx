import {
  Badge,
  Button,
  ButtonLink,
  Card,
  ErrorBox,
  PageHeader,
  SkeletonList,
  errorMessage,
  formatMoney,
  tierLabel,
  useSession,
} from '@app/platform';
import { SUBSCRIPTION_MESSAGES } from '@app/contracts/subscriptions';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { leavePage, usePlans, useUpgradeFlow } from './plans-api';

export interface PlansPageProps {
  /** Sends the browser to the provider's checkout (tests pass a spy). */
  leaveFor?(url: string): void;
}

const RETURN_POLL_MS = 2_000;
const RETURN_POLL_LIMIT_MS = 60_000;

/**
 * /plans: the advertiser plans sorted by price with the current tier. A paid plan goes to the provider's checkout;
 * back here (`?plan=upgraded`) the page polls until the webhook confirmed the payment and shows the new tier.
 */
export function PlansPage({ leaveFor = leavePage }: PlansPageProps) {
  const [params] = useSearchParams();
  const returned = params.get('plan');
  /** The plan paid for (the API's return address names it): the page waits until it is the current tier. */
  const target = params.get('to');
  const [polling, setPolling] = useState(returned === 'upgraded');
  const plans = usePlans(polling ? RETURN_POLL_MS : undefined);
  const { choose, notice, pick } = useUpgradeFlow(leaveFor);
  const { refresh } = useSession();

  useEffect(() => {
    if (!polling || !plans.data) return;
    const confirmed = target
      ? plans.data.current_tier === target
      : plans.data.current_tier !== 'free' &&
        plans.data.subscription.tier === plans.data.current_tier &&
        plans.data.subscription.paid_through !== null;
    if (confirmed) {
      setPolling(false);
      void refresh();
    }
  }, [polling, plans.data, refresh, target]);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setPolling(false), RETURN_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [polling]);

  return (
    <div className="ui-stack">
      <PageHeader
        title="Plans"
        subtitle="Choose the plan that fits your campaigns"
        actions={
          <ButtonLink to="/plans/moves" variant="secondary">
            Get More Moves
          </ButtonLink>
        }
      />
      {returned === 'upgraded' ? (
        <p role="status" className="ui-card">
          {polling
            ? 'Payment received. Waiting for the payment provider to confirm…'
            : plans.data
              ? `Your plan is now ${tierLabel(plans.data.current_tier)}.`
              : null}
        </p>
      ) : null}
      {returned === 'cancelled' ? (
        <p role="status" className="ui-card">
          The payment was cancelled: your plan did not change.
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="ui-card">
          {notice}
        </p>
      ) : null}
      {choose.isError ? <ErrorBox message={errorMessage(choose.error, SUBSCRIPTION_MESSAGES.upgradeFailed)} /> : null}
      {plans.isPending ? <SkeletonList label="Loading plans" /> : null}
      {plans.isError ? (
        <ErrorBox message={`Failed to load plans: ${plans.error.message}`} onRetry={() => void plans.refetch()} />
      ) : null}
      {plans.data ? <PlanChoices plans={plans.data} choosing={choose} onPick={(planId) => void pick(planId)} /> : null}
    </div>
  );
}

type PlansOverview = NonNullable<ReturnType<typeof usePlans>['data']>;

/** The current plan and its paid period, then every plan with its features and the button that switches to it. */
function PlanChoices({
  plans,
  choosing,
  onPick,
}: {
  plans: PlansOverview;
  choosing: ReturnType<typeof useUpgradeFlow>['choose'];
  onPick(planId: string): void;
}) {
  return (
    <>
      <p>
        Current plan: <strong>{tierLabel(plans.current_tier)}</strong>
        {plans.subscription.paid_through ? ` · paid through ${plans.subscription.paid_through.slice(0, 10)}` : ''}
        {plans.subscription.cancel_at_period_end ? ' · changes to Free at the end of the period' : ''}
      </p>
      <ul className="ui-grid" aria-label="Plans">
        {plans.plans.map((plan) => {
          const current = plan.tier === plans.current_tier;
          return (
            <li key={plan.id}>
              <Card>
                <h2>
                  {plan.name} {current ? <Badge tone="accent">Current plan</Badge> : null}
                </h2>
                <p>
                  <strong>{plan.price === 0 ? 'Free' : `${formatMoney(plan.price)} / month`}</strong>
                </p>
                <ul aria-label={`${plan.name} features`}>
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <Button
                  disabled={current || choosing.isPending}
                  busy={choosing.isPending && choosing.variables === plan.id}
                  onClick={() => onPick(plan.id)}
                >
                  {current ? 'Current plan' : plan.price === 0 ? 'Switch to Free' : `Upgrade to ${plan.name}`}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}
