import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { rawBodyOf } from '../../../platform/http/body-parsing';
import { Public } from '../../../platform/http/public.decorator';
import { PaymentWebhooks } from './payment-webhooks';

/** `POST /api/payments/webhooks/:provider`: signed by the provider, verified over the raw body. */
@Controller('payments/webhooks')
export class WebhookController {
  constructor(private readonly webhooks: PaymentWebhooks) {}

  @Post(':provider')
  @Public()
  @HttpCode(200)
  @RouteConfig({ rawBody: true })
  async receive(@Param('provider') provider: string, @Req() request: FastifyRequest) {
    const outcome = await this.webhooks.handle(provider, rawBodyOf(request), request.headers);
    return { received: true as const, outcome };
  }
}
