import { Controller, Param, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { paymentWebhookRoute } from '@app/contracts/payments';
import type { FastifyRequest } from 'fastify';
import { rawBodyOf } from '../../../platform/http/body-parsing';
import { Public } from '../../../platform/http/public.decorator';
import { Route } from '../../../platform/http/route.decorator';
import { PaymentWebhooks } from './payment-webhooks';

/** `paymentWebhookRoute`: signed by the provider, verified over the raw body. */
@Controller()
export class WebhookController {
  constructor(private readonly webhooks: PaymentWebhooks) {}

  @Route(paymentWebhookRoute)
  @Public()
  @RouteConfig({ rawBody: true })
  async receive(@Param('provider') provider: string, @Req() request: FastifyRequest) {
    const outcome = await this.webhooks.handle(provider, rawBodyOf(request), request.headers);
    return { received: true as const, outcome };
  }
}
