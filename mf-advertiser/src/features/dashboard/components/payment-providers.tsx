import { PAYMENT_MESSAGES, type PaymentProviderName } from '@app/contracts/payments';
import { Badge, Card, SkeletonList } from '@app/platform';
import { usePaymentProviders } from '../api/advertiser-api';

const PROVIDER_NAMES: Record<PaymentProviderName, string> = { local: 'Card payments (local)', stripe: 'Stripe' };

/** Spec 3 §9: a publishable key shows its first 12 characters only (the server already cuts it). */
export const KEY_PREFIX_LENGTH = 12;

/** The payment provider list (spec 3 §2): name, enabled and ready, mode live|mock, key prefix and the default one. */
export function PaymentProviderList() {
  const providers = usePaymentProviders(true);
  return (
    <Card title="Payment providers">
      {providers.isPending ? (
        <SkeletonList label="Loading payment providers" rows={2} />
      ) : providers.isError ? (
        <p role="alert" className="ui-muted">
          {PAYMENT_MESSAGES.providersUnreachable}
        </p>
      ) : providers.data.providers.length === 0 ? (
        <p className="ui-muted">No payment provider is configured.</p>
      ) : (
        <div className="ui-stack" style={{ gap: '0.5rem' }}>
          <ul
            className="ui-stack"
            aria-label="Payment providers"
            style={{ listStyle: 'none', padding: 0, margin: 0, gap: '0.5rem' }}
          >
            {providers.data.providers.map((provider) => (
              <li key={provider.provider} className="ui-row">
                <strong>{PROVIDER_NAMES[provider.provider] ?? provider.provider}</strong>
                {provider.provider === providers.data.defaultProvider ? <Badge tone="accent">Default</Badge> : null}
                <Badge tone={provider.enabled ? 'success' : 'neutral'}>
                  {provider.enabled ? 'Enabled' : 'Disabled'}
                </Badge>
                <Badge tone={provider.ready ? 'success' : 'warning'}>{provider.ready ? 'Ready' : 'Not ready'}</Badge>
                <Badge>{provider.mode === 'live' ? 'Live' : 'Mock'}</Badge>
                {provider.publishableKey ? (
                  <code aria-label={`${PROVIDER_NAMES[provider.provider] ?? provider.provider} key`}>
                    {provider.publishableKey.slice(0, KEY_PREFIX_LENGTH)}…
                  </code>
                ) : null}
              </li>
            ))}
          </ul>
          {providers.data.defaultProvider === null ? (
            <p className="ui-muted">No provider takes payments here right now.</p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
