import { Body, Controller, Param, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { v4 as uuidv4 } from 'uuid';
import {
  localCheckoutAbandonRoute,
  localCheckoutDeclineRoute,
  localCheckoutPageRoute,
  localCheckoutPayRoute,
  PAYMENT_MESSAGES,
} from '@app/contracts/payments';
import { Public } from '../../../platform/http/public.decorator';
import { Route } from '../../../platform/http/route.decorator';
import type { CheckoutSessionState } from '../domain/checkout-session';
import { PaymentCommands } from '../infrastructure/payment-commands';
import { PaymentProviders } from '../infrastructure/providers/payment-providers';
import { checkoutPage, closedPage, notFoundPage, outcomePage } from './checkout-page';

const PAYING_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

/**
 * The local provider's hosted side, served by this API: the checkout page and its three buttons. Each button makes
 * the provider sign and deliver a webhook (completed, failed, expired) through the same handler as a real
 * provider's; the page then sends the browser back to the app. Open routes: like a provider's page, the session id
 * in the address is the only key (a v7 UUID: 74 random bits).
 */
@Controller()
export class LocalCheckoutController {
  constructor(
    private readonly commands: PaymentCommands,
    private readonly providers: PaymentProviders,
  ) {}

  @Route(localCheckoutPageRoute)
  @Public()
  async page(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    const state = await this.localSession(sessionId);
    if (!state) return this.html(reply, 404, notFoundPage());
    if (state.status !== 'open') return this.html(reply, 200, closedPage(state));
    if (await this.expireIfDue(state))
      return this.html(reply, 200, closedPage((await this.commands.load(sessionId)).state));
    return this.html(reply, 200, checkoutPage(state));
  }

  @Route(localCheckoutPayRoute)
  @Public()
  @RouteConfig({ formBody: true })
  async pay(
    @Param('sessionId') sessionId: string,
    @Body() body: Record<string, string> | undefined,
    @Res() reply: FastifyReply,
  ) {
    const state = await this.localSession(sessionId);
    if (!state) return this.html(reply, 404, notFoundPage());
    if (state.status !== 'open') return this.html(reply, 200, closedPage(state));
    if (await this.expireIfDue(state))
      return this.html(reply, 200, closedPage((await this.commands.load(sessionId)).state));
    const card = (body?.card_number ?? '').replace(/[\s-]/g, '');
    const filled = ['name', 'expiry', 'cvc'].every((field) => (body?.[field] ?? '').trim().length > 0);
    if (!filled || (card !== PAYING_CARD && card !== DECLINED_CARD)) {
      return this.html(reply, 400, checkoutPage(state, 'Fill in every field and use one of the test cards below.'));
    }
    const created = state.created!;
    if (card === DECLINED_CARD) {
      await this.providers.local.send({
        id: `evt_${uuidv4()}`,
        type: 'checkout.session.failed',
        data: { session_id: sessionId, reason: PAYMENT_MESSAGES.cardDeclined },
      });
      return this.html(reply, 200, outcomePage('Payment declined', PAYMENT_MESSAGES.cardDeclined, created.cancelUrl));
    }
    await this.providers.local.send({
      id: `evt_${uuidv4()}`,
      type: 'checkout.session.completed',
      data: { session_id: sessionId, payment_reference: `pay_${uuidv4()}`, amount_cents: created.amountCents },
    });
    return this.html(
      reply,
      200,
      outcomePage('Payment complete', 'Thank you. Returning you to the app…', created.successUrl),
    );
  }

  @Route(localCheckoutDeclineRoute)
  @Public()
  async decline(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    return this.close(sessionId, 'checkout.session.failed', PAYMENT_MESSAGES.cardDeclined, 'Payment declined', reply);
  }

  @Route(localCheckoutAbandonRoute)
  @Public()
  async abandon(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    return this.close(sessionId, 'checkout.session.expired', 'The checkout was abandoned', 'Checkout cancelled', reply);
  }

  private async close(sessionId: string, type: string, reason: string, title: string, reply: FastifyReply) {
    const state = await this.localSession(sessionId);
    if (!state) return this.html(reply, 404, notFoundPage());
    if (state.status !== 'open') return this.html(reply, 200, closedPage(state));
    await this.providers.local.send({ id: `evt_${uuidv4()}`, type, data: { session_id: sessionId, reason } });
    return this.html(reply, 200, outcomePage(title, reason, state.created!.cancelUrl));
  }

  /** A session past its deadline expires at the provider: announced by webhook like any other outcome. */
  private async expireIfDue(state: CheckoutSessionState): Promise<boolean> {
    if (Date.now() < Date.parse(state.created!.expiresAt)) return false;
    await this.providers.local.send({
      id: `evt_${uuidv4()}`,
      type: 'checkout.session.expired',
      data: { session_id: state.created!.sessionId, reason: 'The checkout expired' },
    });
    return true;
  }

  private async localSession(sessionId: string): Promise<CheckoutSessionState | null> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !this.providers.get('local')) return null;
    const { state } = await this.commands.load(sessionId);
    return state.created && state.created.provider === 'local' ? state : null;
  }

  private html(reply: FastifyReply, status: number, body: string) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);
  }
}
