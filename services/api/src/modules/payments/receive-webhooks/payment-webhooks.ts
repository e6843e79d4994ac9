import { Injectable, Logger } from '@nestjs/common';
import type { PaymentProviderName } from '@app/contracts/payments';
import { PAYMENT_MESSAGES } from '@app/contracts/payments';
import { ApiError, badRequest, notFound } from '../../../platform/http/api-error';
import { creditTransactionIdOf, refundTransactionIdOf } from '../infrastructure/checkout-sessions';
import { PaymentCommands } from '../infrastructure/payment-commands';
import { InvalidWebhookError } from '../infrastructure/providers/payment-provider.port';
import { PaymentProviders } from '../infrastructure/providers/payment-providers';

export type WebhookOutcome = 'credited' | 'duplicate' | 'closed' | 'refunded' | 'ignored';

/**
 * One code path for every provider's webhook, whether it arrived over HTTP or from the embedded local provider:
 * verify the signature over the raw body (400, nothing changes), then record what it says on the session's stream.
 * The credit is keyed twice: the session stream accepts one payment, and its ledger transaction id derives from the
 * session id. A webhook about a session we do not know, or that cannot apply, is acknowledged (so the provider
 * stops retrying) and logged for operators.
 */
@Injectable()
export class PaymentWebhooks {
  private readonly logger = new Logger('PaymentWebhooks');

  constructor(
    private readonly providers: PaymentProviders,
    private readonly commands: PaymentCommands,
  ) {
    providers.registerWebhookSink((provider, rawBody, headers) => this.handle(provider, rawBody, headers));
  }

  async handle(
    providerName: PaymentProviderName | string,
    rawBody: string | undefined,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookOutcome> {
    const provider = this.providers.get(providerName);
    if (!provider) throw notFound('PAYMENT_PROVIDER_NOT_ENABLED', PAYMENT_MESSAGES.unknownProvider);
    let fact;
    try {
      fact = provider.parseWebhook(rawBody ?? '', headers);
    } catch (error) {
      if (error instanceof InvalidWebhookError)
        throw badRequest('INVALID_WEBHOOK_SIGNATURE', PAYMENT_MESSAGES.badSignature);
      throw error;
    }
    if (fact.kind === 'ignored') return 'ignored';
    const now = new Date().toISOString();
    try {
      const current = await this.commands.load(fact.sessionId);
      if (current.state.created && current.state.created.provider !== provider.name) {
        this.logger.warn(
          `${provider.name} webhook ${fact.eventId} names session ${fact.sessionId} ` +
            `of ${current.state.created.provider}: ignored`,
        );
        return 'ignored';
      }
      switch (fact.kind) {
        case 'paid': {
          const outcome = await this.commands.execute(fact.sessionId, {
            type: 'ConfirmPayment',
            data: {
              providerEventId: fact.eventId,
              paymentReference: fact.paymentReference,
              amountCents: fact.amountCents,
              transactionId: creditTransactionIdOf(fact.sessionId),
              now,
            },
          });
          return outcome.kind === 'recorded' ? 'credited' : 'duplicate';
        }
        case 'failed':
        case 'expired': {
          const outcome = await this.commands.execute(fact.sessionId, {
            type: 'CloseCheckoutSession',
            data: { providerEventId: fact.eventId, outcome: fact.kind, reason: fact.reason, now },
          });
          return outcome.kind === 'recorded' ? 'closed' : 'duplicate';
        }
        case 'refunded': {
          const outcome = await this.commands.execute(fact.sessionId, {
            type: 'RefundPayment',
            data: { providerEventId: fact.eventId, reversalTransactionId: refundTransactionIdOf(fact.sessionId), now },
          });
          return outcome.kind === 'recorded' ? 'refunded' : 'duplicate';
        }
      }
    } catch (error) {
      // A verified event we cannot apply (unknown session, paid after it failed, amount mismatch, refund of spent
      // gems): retrying will not change it, so acknowledge it and leave it to operators.
      if (error instanceof ApiError && error.status < 500) {
        this.logger.warn(
          `${provider.name} webhook ${fact.eventId} (${fact.kind}) for session ${fact.sessionId} ` +
            `not applied: ${error.code} ${error.message}`,
        );
        return 'ignored';
      }
      throw error;
    }
  }
}
