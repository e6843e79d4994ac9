import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { PaymentProviderName, PaymentProvidersList } from '@app/contracts/payments';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../../config/payments-config';
import { LocalPaymentProvider } from './local-payment-provider';
import type { PaymentProvider } from './payment-provider.port';
import { StripePaymentProvider } from './stripe-payment-provider';

/** Where a signed webhook is handed to (the webhook handler registers itself: it depends on the providers). */
export type WebhookSink = (
  provider: PaymentProviderName,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<unknown>;

/**
 * The enabled providers. The local one always runs (tests, development, and deployments without a card account);
 * Stripe runs when its keys are configured and is the default under `PAYMENTS_PROVIDER=stripe`.
 */
@Injectable()
export class PaymentProviders {
  readonly local: LocalPaymentProvider;
  private stripe: StripePaymentProvider | null;
  private sink: WebhookSink | null = null;

  constructor(@Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig) {
    this.local = new LocalPaymentProvider(config.local.webhookSecret, config.apiPublicUrl, (rawBody, headers) => {
      if (!this.sink) throw new Error('The payments webhook handler is not registered');
      return this.sink('local', rawBody, headers);
    });
    this.stripe = config.stripe.secretKey
      ? new StripePaymentProvider(
          new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2, timeout: 20_000 }),
          config.stripe,
        )
      : null;
  }

  /** Tests give the Stripe adapter an SDK client whose HTTP client answers locally (no network). */
  useStripeClient(client: Stripe): void {
    if (!this.stripe) throw new Error('Stripe is not configured');
    this.stripe = new StripePaymentProvider(client, this.config.stripe);
  }

  registerWebhookSink(sink: WebhookSink): void {
    this.sink = sink;
  }

  /** null: no provider takes payments here. */
  get defaultProvider(): PaymentProviderName | null {
    if (this.config.defaultProvider === 'stripe' && this.stripe) return 'stripe';
    return this.config.local.enabled ? 'local' : null;
  }

  get(name: string): PaymentProvider | null {
    if (name === 'local') return this.config.local.enabled ? this.local : null;
    if (name === 'stripe') return this.stripe;
    return null;
  }

  list(): PaymentProvidersList {
    const providers = [
      ...(this.config.local.enabled ? [this.local.info()] : []),
      ...(this.stripe ? [this.stripe.info()] : []),
    ];
    // The default first: the screens offer it first.
    providers.sort(
      (left, right) => Number(right.provider === this.defaultProvider) - Number(left.provider === this.defaultProvider),
    );
    return { providers, defaultProvider: this.defaultProvider };
  }
}
