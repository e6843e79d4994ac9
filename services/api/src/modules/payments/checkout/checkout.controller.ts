import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import {
  CHECKOUT_SESSION_TTL_MINUTES,
  GEM_PACKAGES,
  PAYMENT_MESSAGES,
  createCheckoutSessionRoute,
  createUsdTopUpRoute,
  findGemPackage,
  type CheckoutKind,
  type CheckoutSessionResponse,
  type CheckoutSessionStatus,
  type GemPackagesResponse,
  type PaymentProvidersResponse,
} from '@app/contracts/payments';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { ApiError, badRequest, forbidden, notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, getExistingUser, type AuthenticatedUser } from '../../identity';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-config';
import { PaymentCommands } from '../infrastructure/payment-commands';
import { PaymentProviders } from '../providers/payment-providers';
import { checkoutStatusView } from './checkout-views';

const GEMS_MINOR = 10_000n;

/** The gem store and "Add funds": catalogue, providers, starting a hosted checkout, and a session's status. */
@Controller('payments')
export class CheckoutController {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly commands: PaymentCommands,
    private readonly queryBus: QueryBus,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
  ) {}

  @Get('providers')
  list(): PaymentProvidersResponse {
    return this.providers.list();
  }

  @Get('gem-packages')
  packages(): GemPackagesResponse {
    return { packages: GEM_PACKAGES.map((item) => ({ ...item })) };
  }

  /** Price and gems come from the catalogue by `package_id`; whatever else the client sent is ignored. */
  @Post('create-checkout-session')
  @HttpCode(200)
  async createGemCheckout(
    @IdempotencyKey('POST /api/payments/create-checkout-session') idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createCheckoutSessionRoute.body)) body: { package_id: string; return_path?: string },
    @Req() request: FastifyRequest,
  ): Promise<CheckoutSessionResponse> {
    const item = findGemPackage(body.package_id);
    if (!item) throw badRequest('UNKNOWN_PACKAGE', PAYMENT_MESSAGES.unknownPackage);
    return this.start(caller.userId, request, body.return_path, idempotency, {
      kind: 'gems',
      packageId: item.id,
      amountCents: item.price_cents,
      creditCurrency: 'gems',
      creditMinor: BigInt(item.total_gems) * GEMS_MINOR,
      description: `${item.total_gems} gems (${item.id} package)`,
    });
  }

  @Post('usd-top-up')
  @HttpCode(200)
  async createUsdTopUp(
    @IdempotencyKey('POST /api/payments/usd-top-up') idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createUsdTopUpRoute.body)) body: { amount: bigint; return_path?: string },
    @Req() request: FastifyRequest,
  ): Promise<CheckoutSessionResponse> {
    // usd minor units are 1/10,000 dollar; the schema allows whole cents only.
    const amountCents = Number(body.amount / 100n);
    return this.start(caller.userId, request, body.return_path, idempotency, {
      kind: 'usd',
      packageId: null,
      amountCents,
      creditCurrency: 'usd',
      creditMinor: body.amount,
      description: `Add $${(amountCents / 100).toFixed(2)} to your USD wallet`,
    });
  }

  @Get('checkout-sessions/:sessionId')
  async status(@CurrentUser() caller: AuthenticatedUser, @Param('sessionId') sessionId: string): Promise<CheckoutSessionStatus> {
    const { state } = await this.commands.load(sessionId);
    // Another user's session answers like a missing one: ids are not secrets, but their existence is nobody's business.
    if (!state.created || state.created.userId !== caller.userId) throw notFound('CHECKOUT_SESSION_NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    return checkoutStatusView(state);
  }

  private async start(
    userId: string,
    request: FastifyRequest,
    returnPath: string | undefined,
    idempotency: IdempotentRequest,
    purchase: { kind: CheckoutKind; packageId: string | null; amountCents: number; creditCurrency: 'gems' | 'usd'; creditMinor: bigint; description: string },
  ): Promise<CheckoutSessionResponse> {
    const user = await getExistingUser(this.queryBus, userId);
    // Sandboxes never exchange value with the real economy, and card money is real.
    if (user.is_demo) throw forbidden(PAYMENT_MESSAGES.demoCannotPay, 'DEMO_ACCOUNT_CANNOT_PAY');
    const provider = this.providers.defaultProvider ? this.providers.get(this.providers.defaultProvider) : null;
    if (!provider) throw new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENT_MESSAGES.createSessionFailed);
    const sessionId = uuidv7();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MINUTES * 60_000).toISOString();
    const back = this.returnUrl(request, returnPath, sessionId);
    const checkout = await provider.createCheckout({
      sessionId,
      amountCents: purchase.amountCents,
      description: purchase.description,
      successUrl: `${back}&status=success`,
      cancelUrl: `${back}&status=cancelled`,
      expiresAt,
    });
    // A replayed Idempotency-Key answers the first session (the one recorded), not this attempt's.
    const outcome = await this.commands.execute(
      sessionId,
      {
        type: 'CreateCheckoutSession',
        data: {
          sessionId,
          userId,
          provider: provider.name,
          providerSessionId: checkout.providerSessionId,
          kind: purchase.kind,
          packageId: purchase.packageId,
          amountCents: purchase.amountCents,
          creditCurrency: purchase.creditCurrency,
          creditMinor: purchase.creditMinor.toString(),
          checkoutUrl: checkout.checkoutUrl,
          successUrl: `${back}&status=success`,
          cancelUrl: `${back}&status=cancelled`,
          expiresAt,
          createdAt: now.toISOString(),
        },
      },
      idempotency,
    );
    const created = outcome.state.created!;
    return { success: true, session_id: created.sessionId, checkout_url: created.checkoutUrl, provider: created.provider as 'local' | 'stripe', expires_at: created.expiresAt };
  }

  /**
   * Where the provider sends the browser back: the app's origin (configured, or the request's Origin when it is one
   * of the allowed CORS origins, never any site that asks) and a same-origin path.
   */
  private returnUrl(request: FastifyRequest, returnPath: string | undefined, sessionId: string): string {
    const requestOrigin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    const origin = this.config.appPublicUrl ?? (requestOrigin && this.appConfig.corsOrigins.includes(requestOrigin) ? requestOrigin : '');
    const path = returnPath && /^\/(?!\/)[A-Za-z0-9\-._~/]*$/.test(returnPath) ? returnPath : '/wallet';
    return `${origin}${path}?checkout=${encodeURIComponent(sessionId)}`;
  }
}
