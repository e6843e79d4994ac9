import { Badge, Button, Card, EmptyState, formatBalance, formatCount, useIdempotencyKey } from '@app/platform';
import { Dialog, QueryView, useToast } from '@app/platform/app';
import {
  GROWTH_MESSAGES,
  SHIELD_COVERAGE_FLAGS,
  type ShieldPolicy,
  type ShieldSubscription,
} from '@app/contracts/growth';
import { errorMessage } from '@app/platform';
import { useState } from 'react';
import { useCancelShield, useMyShield, usePolicies, useSubscribeShield } from '../api/growth-api';
import { COVERAGE_LABELS, ClaimsCard } from './claim-form';
import { formatDate } from './projection';

/** The terms of spec 3 §2, shown before subscribing. */
export const SHIELD_TERMS = [
  'Renews automatically every month',
  'Claims within 7 days of an incident',
  'Coverage begins 24 hours after activation',
  'Cancel anytime (effective at the end of the paid month)',
  'Payouts in 5-10 business days',
];

function PolicyCard({
  policy,
  followers,
  onSelect,
  disabled,
}: {
  policy: ShieldPolicy;
  followers: number;
  onSelect(): void;
  disabled: boolean;
}) {
  const unmet = followers < policy.min_followers;
  return (
    <article className="growth-policy" aria-label={policy.name}>
      <h3>{policy.name}</h3>
      <p className="ui-muted">{policy.description}</p>
      <p>
        <strong>{formatBalance(policy.premium_amount)} gems</strong> / month · covers{' '}
        {formatBalance(policy.coverage_amount)} gems (deductible {formatBalance(policy.deductible)})
      </p>
      <ul className="growth-features">
        {SHIELD_COVERAGE_FLAGS.filter((flag) => policy.coverage[flag]).map((flag) => (
          <li key={flag}>{COVERAGE_LABELS[flag]}</li>
        ))}
      </ul>
      <p className="ui-muted">{policy.platforms.join(', ')}</p>
      <p className="ui-muted">Needs {formatCount(policy.min_followers)} verified followers</p>
      <Button onClick={onSelect} disabled={unmet || disabled} aria-label={`Select ${policy.name}`}>
        {unmet ? 'Follower minimum not met' : 'Select'}
      </Button>
    </article>
  );
}

function SubscribeDialog({ policy, onClose }: { policy: ShieldPolicy | null; onClose(): void }) {
  const subscribe = useSubscribeShield();
  const idempotency = useIdempotencyKey();
  const toast = useToast();
  const [confirmed, setConfirmed] = useState(false);
  if (!policy) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Subscribe to ${policy.name}`}
      description={`${formatBalance(policy.premium_amount)} gems a month, paid now and at each renewal.`}
    >
      <div className="ui-stack">
        <ul aria-label="Terms">
          {SHIELD_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        {!confirmed ? (
          <Button onClick={() => setConfirmed(true)}>Confirm</Button>
        ) : (
          <>
            {subscribe.isError && (
              <p className="ui-field__error">{errorMessage(subscribe.error, GROWTH_MESSAGES.subscribeFailed)}</p>
            )}
            <Button
              busy={subscribe.isPending}
              onClick={() =>
                subscribe.mutate(
                  { policyId: policy.id, idempotencyKey: idempotency.key() },
                  {
                    onSuccess: (answer) => {
                      idempotency.renew();
                      toast.show({ title: answer.message, variant: 'success' });
                      onClose();
                    },
                  },
                )
              }
            >
              Subscribe
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}

function CurrentSubscription({ subscription }: { subscription: ShieldSubscription }) {
  const cancel = useCancelShield();
  const inForce = subscription.status === 'active' || subscription.status === 'cancelled';
  const renewsOrEnds = subscription.status === 'active' ? 'renews' : 'ends';
  return (
    <Card title="Your Social Shield">
      <p>
        <strong>{subscription.policy_name}</strong>{' '}
        <Badge tone={subscription.status === 'active' ? 'success' : 'warning'}>{subscription.status}</Badge>
      </p>
      <p className="ui-muted">
        Covered from {formatDate(subscription.coverage_from)} · {renewsOrEnds} {formatDate(subscription.period_end)} ·
        coverage {formatBalance(subscription.coverage_amount)} gems
      </p>
      {cancel.isError && <p className="ui-field__error">{errorMessage(cancel.error, 'Failed to cancel')}</p>}
      {subscription.status === 'active' && (
        <Button variant="secondary" busy={cancel.isPending} onClick={() => cancel.mutate(subscription.id)}>
          Cancel subscription
        </Button>
      )}
      {!inForce && <p className="ui-muted">Not in force: choose a policy below to subscribe again.</p>}
    </Card>
  );
}

export function ShieldTab() {
  const policies = usePolicies();
  const mine = useMyShield();
  const [selected, setSelected] = useState<ShieldPolicy | null>(null);
  const followers = mine.data?.verified_follower_count ?? 0;
  const subscription = mine.data?.subscription ?? null;
  const inForce = subscription !== null && (subscription.status === 'active' || subscription.status === 'cancelled');
  return (
    <div className="ui-stack">
      {subscription && <CurrentSubscription subscription={subscription} />}
      {subscription && inForce && <ClaimsCard subscription={subscription} claims={mine.data?.claims ?? []} />}
      <p className="ui-muted">Your verified followers: {formatCount(followers)}</p>
      <QueryView
        query={policies}
        empty={<EmptyState title="No policies" message="Operations has not opened any Social Shield policy." />}
        loadingLabel="Loading policies"
      >
        {(list) => (
          <div className="growth-grid">
            {list.map((policy) => (
              <PolicyCard
                key={policy.id}
                policy={policy}
                followers={followers}
                disabled={inForce || mine.isPending}
                onSelect={() => setSelected(policy)}
              />
            ))}
          </div>
        )}
      </QueryView>
      <Card title="Terms">
        <ul>
          {SHIELD_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </Card>
      <SubscribeDialog key={selected?.id ?? 'none'} policy={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
