import { Body, Controller, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import {
  createCheckoutSessionRoute,
  createUsdTopUpRoute,
  findGemPackage,
  GEM_PACKAGES,
  getCheckoutSessionRoute,
  getGemPackagesRoute,
  getPaymentProvidersRoute,
  PAYMENT_MESSAGES,
  planCheckoutRoute,
  type CheckoutSessionResponse,
  type CheckoutSessionStatus,
  type GemPackagesResponse,
  type PaymentProvidersResponse,
  type PlanCheckoutRequest,
  type PlanCheckoutResponse,
} from '@app/contracts/payments';
import { badRequest, notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { PaymentCommands } from '../infrastructure/payment-commands';
import { PaymentProviders } from '../infrastructure/providers/payment-providers';
import { StartAdvertiserCheckoutCommand } from './advertiser-checkout.command';
import { CheckoutStarter, type Purchase } from './checkout-starter';
import { checkoutStatusView } from './checkout-views';

const GEMS_MINOR = 10_000n;

/** The gem store and "Add funds": catalogue, providers, starting a hosted checkout, and a session's status. */
@Controller()
export class CheckoutController {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly commands: PaymentCommands,
    private readonly starter: CheckoutStarter,
    private readonly commandBus: CommandBus,
  ) {}

  @Route(getPaymentProvidersRoute)
  list(): PaymentProvidersResponse {
    return { status: 'success', data: this.providers.list() };
  }

  @Route(getGemPackagesRoute)
  packages(): GemPackagesResponse {
    return { packages: GEM_PACKAGES.map((item) => ({ ...item })) };
  }

  /** Price and gems come from the catalogue by `package_id`; whatever else the client sent is ignored. */
  @Route(createCheckoutSessionRoute)
  async createGemCheckout(
    @IdempotencyKey(createCheckoutSessionRoute) idempotency: IdempotentRequest,
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

  @Route(createUsdTopUpRoute)
  async createUsdTopUp(
    @IdempotencyKey(createUsdTopUpRoute) idempotency: IdempotentRequest,
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

  @Route(getCheckoutSessionRoute)
  async status(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('sessionId') sessionId: string,
  ): Promise<CheckoutSessionStatus> {
    const { state } = await this.commands.load(sessionId);
    // Another user's session answers like a missing one: ids are not secrets, but their existence is nobody's business.
    if (!state.created || state.created.userId !== caller.userId)
      throw notFound('CHECKOUT_SESSION_NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    return checkoutStatusView(state);
  }

  /**
   * An advertiser plan or a moves package (spec 3 §7, `planCheckoutRoute`): the price is the catalogue's
   * (`@app/contracts/subscriptions`), whatever the client sent. The tier changes once the provider confirms payment
   * (the subscriptions context reacts to the paid session); moves are credited once per paid session.
   */
  @Route(planCheckoutRoute)
  async createAdvertiserCheckout(
    @IdempotencyKey(planCheckoutRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(planCheckoutRoute.body)) body: PlanCheckoutRequest,
    @Req() request: FastifyRequest,
  ): Promise<PlanCheckoutResponse> {
    return this.commandBus.execute(
      new StartAdvertiserCheckoutCommand(
        caller.userId,
        body.plan_id,
        { requestOrigin: originOf(request), successUrl: body.success_url, cancelUrl: body.cancel_url },
        idempotency,
        body.provider,
      ),
    );
  }

  private async start(
    userId: string,
    request: FastifyRequest,
    returnPath: string | undefined,
    idempotency: IdempotentRequest,
    purchase: Purchase,
  ): Promise<CheckoutSessionResponse> {
    const state = await this.starter.start(
      userId,
      purchase,
      { requestOrigin: originOf(request), returnPath },
      idempotency,
    );
    const created = state.created!;
    return {
      success: true,
      session_id: created.sessionId,
      checkout_url: created.checkoutUrl,
      provider: created.provider as 'local' | 'stripe',
      expires_at: created.expiresAt,
    };
  }
}

const originOf = (request: FastifyRequest) =>
  typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
