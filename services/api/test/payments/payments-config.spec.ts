import { randomBytes } from 'node:crypto';
import { loadPaymentsConfig } from '../../src/modules/payments/config/payments-config';
import { PaymentProviders } from '../../src/modules/payments';

/** The local provider's test cards create gems without real money: production never takes them by default. */
describe('payments configuration', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abcdefghijklmnop',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };
  const generated = randomBytes(32);
  const secrets = { secret: async () => generated };
  const noSecrets = { secret: () => Promise.reject(new Error('no generated key expected')) };

  it("runs the local provider in development and tests, with the instance's generated webhook secret", async () => {
    const config = await loadPaymentsConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://localhost/a' }, secrets);
    expect(config.defaultProvider).toBe('local');
    expect(config.local.enabled).toBe(true);
    expect(config.local.webhookSecret).toBe(generated.toString('hex'));
    // Configured, it is used as given and nothing is generated.
    const configured = await loadPaymentsConfig(
      { NODE_ENV: 'test', LOCAL_PAYMENTS_WEBHOOK_SECRET: 'y'.repeat(32) },
      noSecrets,
    );
    expect(configured.local.webhookSecret).toBe('y'.repeat(32));
  });

  it('refuses the local provider in production unless it is enabled explicitly, with its own secret', async () => {
    await expect(loadPaymentsConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' }, noSecrets)).rejects.toThrow(
      /LOCAL_PAYMENTS_ENABLED=true/,
    );
    // Unset: this deployment takes no card payments at all, rather than refusing to start.
    const none = await loadPaymentsConfig({ NODE_ENV: 'production' }, noSecrets);
    expect(none).toMatchObject({ defaultProvider: null, local: { enabled: false } });
    expect(new PaymentProviders(none).list()).toEqual({ providers: [], defaultProvider: null });
    await expect(
      loadPaymentsConfig({ NODE_ENV: 'production', LOCAL_PAYMENTS_ENABLED: 'true' }, noSecrets),
    ).rejects.toThrow(/LOCAL_PAYMENTS_WEBHOOK_SECRET is required/);
    expect(
      (
        await loadPaymentsConfig(
          { NODE_ENV: 'production', LOCAL_PAYMENTS_ENABLED: 'true', LOCAL_PAYMENTS_WEBHOOK_SECRET: 'x'.repeat(32) },
          noSecrets,
        )
      ).local.enabled,
    ).toBe(true);
    await expect(loadPaymentsConfig({ NODE_ENV: 'test', PAYMENTS_PROVIDER: 'stripe' }, secrets)).rejects.toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('offers only Stripe (live mode) in production on Stripe', async () => {
    const config = await loadPaymentsConfig(
      { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe', ...stripe },
      noSecrets,
    );
    expect(config.local.enabled).toBe(false);
    const providers = new PaymentProviders(config);
    expect(providers.get('local')).toBeNull();
    expect(providers.list()).toEqual({
      providers: [{ provider: 'stripe', enabled: true, ready: true, publishableKey: 'pk_live_abcd', mode: 'live' }],
      defaultProvider: 'stripe',
    });
  });
});
