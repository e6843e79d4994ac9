import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { v7 as uuidv7 } from 'uuid';
import {
  CHECKOUT_SESSION_TTL_MINUTES,
  PAYMENT_MESSAGES,
  type CheckoutKind,
  type PaymentProviderName,
} from '@app/contracts/payments';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { ApiError, badRequest, forbidden, notFound } from '../../../platform/http/api-error';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { getExistingUser } from '../../identity';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-config';
import type { CheckoutSessionState } from '../domain/checkout-session';
import { PaymentCommands } from '../infrastructure/payment-commands';
import { PaymentProviders } from '../infrastructure/providers/payment-providers';

export interface Purchase {
  kind: CheckoutKind;
  packageId: string | null;
  amountCents: number;
  creditCurrency: 'gems' | 'usd' | 'moves';
  creditMinor: bigint;
  description: string;
}

export interface ReturnAddresses {
  /** The request's Origin header (used only when it is one of the allowed CORS origins). */
  requestOrigin: string | undefined;
  /** A same-origin path (the wallet's store), defaulting to /wallet. */
  returnPath?: string;
  /** Or explicit addresses (spec 3 §7 `success_url`, `cancel_url`): a path or an address on the app's own origin. */
  successUrl?: string;
  cancelUrl?: string;
}

const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/;

/**
 * Starts a hosted checkout on the payment port for a purchase whose price the caller took from a server catalogue:
 * the wallet's gem packages and top-ups, the advertiser plans and moves packages. One session stream per checkout.
 */
@Injectable()
export class CheckoutStarter {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly commands: PaymentCommands,
    private readonly queryBus: QueryBus,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
  ) {}

  async start(
    userId: string,
    purchase: Purchase,
    addresses: ReturnAddresses,
    idempotency: IdempotentRequest | undefined,
    providerName?: PaymentProviderName,
  ): Promise<CheckoutSessionState> {
    const user = await getExistingUser(this.queryBus, userId);
    // Sandboxes never exchange value with the real economy, and card money is real.
    if (user.is_demo) throw forbidden(PAYMENT_MESSAGES.demoCannotPay, 'DEMO_ACCOUNT_CANNOT_PAY');
    const chosen = providerName ?? this.providers.defaultProvider;
    if (!chosen) throw new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENT_MESSAGES.createSessionFailed);
    const provider = this.providers.get(chosen);
    if (!provider) {
      if (providerName) throw notFound('PAYMENT_PROVIDER_NOT_ENABLED', PAYMENT_MESSAGES.unknownProvider);
      throw new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENT_MESSAGES.createSessionFailed);
    }
    const sessionId = uuidv7();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MINUTES * 60_000).toISOString();
    const { successUrl, cancelUrl } = this.returnUrls(addresses, sessionId);
    const checkout = await provider.createCheckout({
      sessionId,
      amountCents: purchase.amountCents,
      description: purchase.description,
      successUrl,
      cancelUrl,
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
          successUrl,
          cancelUrl,
          expiresAt,
          createdAt: now.toISOString(),
        },
      },
      idempotency,
    );
    return outcome.state;
  }

  /**
   * Where the provider sends the browser back: the app's origin (configured, or the request's Origin when it is one
   * of the allowed CORS origins, never any site that asks) and a same-origin path; `?checkout=<id>&status=...` added.
   */
  private returnUrls(addresses: ReturnAddresses, sessionId: string): { successUrl: string; cancelUrl: string } {
    const origin = this.appOrigin(addresses.requestOrigin);
    if (addresses.successUrl !== undefined || addresses.cancelUrl !== undefined) {
      const success = this.explicitUrl(addresses.successUrl ?? addresses.cancelUrl!, origin);
      const cancel = this.explicitUrl(addresses.cancelUrl ?? addresses.successUrl!, origin);
      return {
        successUrl: withQuery(success, sessionId, 'success'),
        cancelUrl: withQuery(cancel, sessionId, 'cancelled'),
      };
    }
    const path =
      addresses.returnPath && /^\/(?!\/)[A-Za-z0-9\-._~/]*$/.test(addresses.returnPath)
        ? addresses.returnPath
        : '/wallet';
    const back = `${origin}${path}?checkout=${encodeURIComponent(sessionId)}`;
    return { successUrl: `${back}&status=success`, cancelUrl: `${back}&status=cancelled` };
  }

  private appOrigin(requestOrigin: string | undefined): string {
    return (
      this.config.appPublicUrl ??
      (requestOrigin && this.appConfig.corsOrigins.includes(requestOrigin) ? requestOrigin : '')
    );
  }

  /** A path on our origin, or an absolute address whose origin is the app's or an allowed one: no open redirects. */
  private explicitUrl(value: string, origin: string): string {
    if (SAFE_PATH.test(value)) return `${origin}${value}`;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw badRequest('INVALID_RETURN_URL', 'success_url and cancel_url must be addresses of this app');
    }
    const allowed = [this.config.appPublicUrl, ...this.appConfig.corsOrigins]
      .filter((entry): entry is string => Boolean(entry))
      .map((entry) => new URL(entry).origin);
    if (!allowed.includes(parsed.origin))
      throw badRequest('INVALID_RETURN_URL', 'success_url and cancel_url must be addresses of this app');
    return parsed.toString();
  }
}

function withQuery(url: string, sessionId: string, status: 'success' | 'cancelled'): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}checkout=${encodeURIComponent(sessionId)}&status=${status}`;
}
