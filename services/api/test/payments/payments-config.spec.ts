import { loadPaymentsConfig } from '../../src/modules/payments/config/payments-config';
import { PaymentProviders } from '../../src/modules/payments';

/** The local provider's test cards create gems without real money: production never takes them by default. */
describe('payments configuration', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_abcdefghijklmnop', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('runs the local provider in development and tests, with a derived webhook secret', () => {
    const config = loadPaymentsConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://localhost/a' });
    expect(config.defaultProvider).toBe('local');
    expect(config.local.enabled).toBe(true);
    expect(config.local.webhookSecret).not.toBe(loadPaymentsConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://localhost/b' }).local.webhookSecret);
  });

  it('refuses the local provider in production unless it is enabled explicitly, with its own secret', () => {
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' })).toThrow(/LOCAL_PAYMENTS_ENABLED=true/);
    // Unset: this deployment takes no card payments at all, rather than refusing to start.
    const none = loadPaymentsConfig({ NODE_ENV: 'production' });
    expect(none).toMatchObject({ defaultProvider: null, local: { enabled: false } });
    expect(new PaymentProviders(none).list()).toEqual({ providers: [], defaultProvider: null });
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production', LOCAL_PAYMENTS_ENABLED: 'true' })).toThrow(/LOCAL_PAYMENTS_WEBHOOK_SECRET is required/);
    expect(loadPaymentsConfig({ NODE_ENV: 'production', LOCAL_PAYMENTS_ENABLED: 'true', LOCAL_PAYMENTS_WEBHOOK_SECRET: 'x'.repeat(32) }).local.enabled).toBe(true);
    expect(() => loadPaymentsConfig({ NODE_ENV: 'test', PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('offers only Stripe (live mode) in production on Stripe', () => {
    const config = loadPaymentsConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe', ...stripe });
    expect(config.local.enabled).toBe(false);
    const providers = new PaymentProviders(config);
    expect(providers.get('local')).toBeNull();
    expect(providers.list()).toEqual({ providers: [{ provider: 'stripe', enabled: true, ready: true, publishableKey: 'pk_live_abcd', mode: 'live' }], defaultProvider: 'stripe' });
  });
});
