import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { INSTANCE_SECRETS } from '../../platform/database/database.tokens';
import type { SecretSource } from '../../platform/secrets/instance-secrets';
import { StartAdvertiserCheckoutHandler } from './start-checkout/advertiser-checkout.command';
import { CheckoutController } from './start-checkout/checkout.controller';
import { CheckoutStarter } from './start-checkout/checkout-starter';
import { PAYMENTS_CONFIG, loadPaymentsConfig } from './config/payments-config';
import { CheckoutSessions } from './infrastructure/checkout-sessions';
import { PaymentCommands } from './infrastructure/payment-commands';
import { LocalCheckoutController } from './complete-local-checkout/local-checkout.controller';
import { PaymentProviders } from './infrastructure/providers/payment-providers';
import { RefundController } from './refund-payments/refund.controller';
import { PaymentWebhooks } from './receive-webhooks/payment-webhooks';
import { WebhookController } from './receive-webhooks/webhook.controller';

/** Money in: the gem store and "Add funds" through a card provider (local by default, Stripe when configured). */
@Module({
  imports: [CqrsModule],
  controllers: [CheckoutController, WebhookController, LocalCheckoutController, RefundController],
  providers: [
    {
      provide: PAYMENTS_CONFIG,
      inject: [INSTANCE_SECRETS],
      useFactory: (secrets: SecretSource) => loadPaymentsConfig(process.env, secrets),
    },
    PaymentProviders,
    CheckoutSessions,
    PaymentCommands,
    PaymentWebhooks,
    CheckoutStarter,
    StartAdvertiserCheckoutHandler,
  ],
})
export class PaymentsModule {}
