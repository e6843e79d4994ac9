import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  acceptOfferRoute,
  cancelOfferRoute,
  CreateOfferRequestSchema,
  createOfferRoute,
  declineOfferRoute,
  listOffersRoute,
  MARKET_MESSAGES,
  OFFER_LIFETIME_DAYS,
  OffersQuerySchema,
  type Offer,
  type OffersResponse,
} from '@app/contracts/market';
import type { z } from 'zod';
import { QueryBus } from '@nestjs/cqrs';
import { LEDGER_MESSAGES } from '@app/contracts/ledger';
import { forbidden, notFound, unprocessable } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { GetUserQuery } from '../../identity';
import { newTransactionId } from '../../ledger';
import { MarketCommands } from '../infrastructure/market-commands';
import { MarketReader } from '../infrastructure/market-reader';
import { idOf, newId } from '../market-ids';
import { OfferResolutions } from './offer-resolutions';

type CreateOfferBody = z.output<typeof CreateOfferRequestSchema>;

/** Offers on a holder's shares: the bid sits in the offer's escrow until accepted, declined, cancelled or expired. */
@Controller()
export class ManageOffersController {
  constructor(
    private readonly commands: MarketCommands,
    private readonly reader: MarketReader,
    private readonly resolutions: OfferResolutions,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(createOfferRoute)
  async create(
    @IdempotencyKey(createOfferRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(CreateOfferRequestSchema)) body: CreateOfferBody,
  ): Promise<Offer> {
    const contentId = idOf(body.content_id, 'CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
    // The bid waits in an escrow both sides touch: a sandbox and a real account must never meet there (the ledger
    // checks each transfer, and each leg of this one touches one side only).
    const [buyer, seller] = await Promise.all([
      this.queryBus.execute(new GetUserQuery(caller.userId)),
      this.queryBus.execute(new GetUserQuery(idOf(body.seller_id, 'SELLER_NOT_FOUND', 'Seller not found'))),
    ]);
    if (!seller) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
    if (!buyer || buyer.is_demo !== seller.is_demo)
      throw forbidden(LEDGER_MESSAGES.demoIsolation, 'DEMO_ACCOUNT_ISOLATION');
    const offerId = newId();
    const transactionId = newTransactionId();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + OFFER_LIFETIME_DAYS * 86_400_000).toISOString();
    await this.commands.run({
      idempotency,
      contentId,
      moneyRefusal: (refusal) =>
        refusal === 'BALANCE_MUST_COVER_AMOUNT'
          ? unprocessable('INSUFFICIENT_BALANCE', MARKET_MESSAGES.insufficientOffer)
          : undefined,
      prepare: async (unit) => {
        const content = await this.commands.content(contentId, unit.transaction);
        if (!content) throw notFound('CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
        return {
          command: {
            type: 'MakeOffer',
            data: {
              contentId,
              buyerId: caller.userId,
              sellerId: body.seller_id,
              offerId,
              quantity: body.quantity,
              bidMinor: body.bid_price,
              transactionId,
              now: now.toISOString(),
              expiresAt,
            },
          },
          context: {
            contentId,
            contentTitle: content.title,
            contentThumbnail: null,
            message: body.message?.trim() || null,
          },
        };
      },
      answer: () => null,
    });
    return this.view(offerId);
  }

  @Route(listOffersRoute)
  async list(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(OffersQuerySchema)) query: z.output<typeof OffersQuerySchema>,
  ): Promise<OffersResponse> {
    const rows = await this.reader.offers(
      query.role === 'seller' ? { sellerId: caller.userId } : { buyerId: caller.userId },
    );
    return { offers: await this.reader.offerViews(rows) };
  }

  @Route(acceptOfferRoute)
  async accept(@CurrentUser() caller: AuthenticatedUser, @Param('id') rawId: string): Promise<Offer> {
    const offerId = idOf(rawId, 'OFFER_NOT_FOUND', MARKET_MESSAGES.offerNotFound);
    await this.resolutions.accept(offerId, caller.userId);
    return this.view(offerId);
  }

  @Route(declineOfferRoute)
  async decline(@CurrentUser() caller: AuthenticatedUser, @Param('id') rawId: string): Promise<Offer> {
    const offerId = idOf(rawId, 'OFFER_NOT_FOUND', MARKET_MESSAGES.offerNotFound);
    await this.resolutions.close(offerId, caller.userId, 'declined');
    return this.view(offerId);
  }

  @Route(cancelOfferRoute)
  async cancel(@CurrentUser() caller: AuthenticatedUser, @Param('id') rawId: string): Promise<Offer> {
    const offerId = idOf(rawId, 'OFFER_NOT_FOUND', MARKET_MESSAGES.offerNotFound);
    await this.resolutions.close(offerId, caller.userId, 'cancelled');
    return this.view(offerId);
  }

  private async view(offerId: string): Promise<Offer> {
    const row = await this.reader.offer(offerId);
    if (!row) throw notFound('OFFER_NOT_FOUND', MARKET_MESSAGES.offerNotFound);
    const [view] = await this.reader.offerViews([row]);
    return view!;
  }
}
