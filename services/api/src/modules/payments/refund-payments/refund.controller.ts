import { Controller, Logger, Param } from '@nestjs/common';
import { PAYMENT_MESSAGES, refundCheckoutSessionRoute, type CheckoutSessionStatus } from '@app/contracts/payments';
import { ApiError, notFound } from '../../../platform/http/api-error';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { Route } from '../../../platform/http/route.decorator';
import { checkoutStatusView } from '../start-checkout/checkout-views';
import { refundTransactionIdOf } from '../infrastructure/checkout-sessions';
import { PaymentCommands } from '../infrastructure/payment-commands';
import { PaymentProviders } from '../infrastructure/providers/payment-providers';

/**
 * Operators refund a paid session. Our books first: the credit is reversed (refused with 422 when the user has
 * already spent it, so no refund ever leaves gems or dollars behind), then the provider is asked to refund, keyed by
 * the session so a retry never refunds twice. A provider that fails answers 503 with the books already reversed;
 * calling again retries the provider only. The provider's own refund webhook then finds the session refunded.
 */
@Controller()
export class RefundController {
  private readonly logger = new Logger('PaymentRefunds');

  constructor(
    private readonly commands: PaymentCommands,
    private readonly providers: PaymentProviders,
  ) {}

  @Route(refundCheckoutSessionRoute)
  @AdminOnly()
  async refund(@Param('sessionId') sessionId: string): Promise<{ success: true; session: CheckoutSessionStatus }> {
    const loaded = await this.commands.load(sessionId);
    if (!loaded.state.created) throw notFound('CHECKOUT_SESSION_NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    const outcome = await this.commands.execute(sessionId, {
      type: 'RefundPayment',
      data: {
        providerEventId: null,
        reversalTransactionId: refundTransactionIdOf(sessionId),
        now: new Date().toISOString(),
      },
    });
    const state = outcome.state;
    const provider = this.providers.get(state.created!.provider);
    if (!provider || !state.paid) throw new Error(`Refunded session ${sessionId} has no provider or payment`);
    try {
      await provider.refund({
        sessionId,
        providerSessionId: state.created!.providerSessionId,
        paymentReference: state.paid.paymentReference,
        amountCents: state.paid.amountCents,
      });
    } catch (error) {
      this.logger.error(
        `Provider refund of session ${sessionId} failed after the reversal: ${(error as Error).message}`,
      );
      throw new ApiError(
        503,
        'PROVIDER_REFUND_FAILED',
        'The credit is reversed, but the provider did not confirm the refund; try again',
      );
    }
    return { success: true, session: checkoutStatusView((await this.commands.load(sessionId)).state) };
  }
}
