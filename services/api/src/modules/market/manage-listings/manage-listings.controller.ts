import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  BuyListingRequestSchema,
  buyListingRoute,
  cancelListingRoute,
  CreateListingRequestSchema,
  createListingRoute,
  ListingsQuerySchema,
  listListingsRoute,
  MARKET_MESSAGES,
  type BuyListingRequest,
  type Listing,
  type ListingsResponse,
  type TradeResponse,
} from '@app/contracts/market';
import type { z } from 'zod';
import { notFound, unprocessable } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { newTransactionId } from '../../ledger';
import { MarketCommands } from '../infrastructure/market-commands';
import { listingView, MarketReader, usd } from '../infrastructure/market-reader';
import { idOf, newId } from '../market-ids';

type CreateListingBody = z.output<typeof CreateListingRequestSchema>;

/** Resale listings: listed shares are held (not sellable twice) until filled or cancelled; buyers fill at the ask. */
@Controller()
export class ManageListingsController {
  constructor(
    private readonly commands: MarketCommands,
    private readonly reader: MarketReader,
  ) {}

  @Route(createListingRoute)
  create(
    @IdempotencyKey(createListingRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(CreateListingRequestSchema)) body: CreateListingBody,
  ): Promise<Listing> {
    const contentId = idOf(body.content_id, 'CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
    const listingId = newId();
    const now = new Date().toISOString();
    let title = '';
    return this.commands.run({
      idempotency,
      contentId,
      prepare: async (unit) => {
        const content = await this.commands.content(contentId, unit.transaction);
        if (!content) throw notFound('CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
        title = content.title;
        return {
          command: {
            type: 'OpenListing',
            data: { sellerId: caller.userId, listingId, quantity: body.quantity, askMinor: body.ask_price, now },
          },
          context: {
            contentId,
            contentTitle: content.title,
            contentThumbnail: body.content_thumbnail ?? null,
            message: null,
            sandbox: content.creatorIsDemo,
          },
        };
      },
      answer: () =>
        listingView(
          {
            listing_id: listingId,
            content_id: contentId,
            seller_id: caller.userId,
            quantity: body.quantity,
            remaining: body.quantity,
            ask_minor: String(body.ask_price),
            status: 'active',
            content_title: title,
            content_thumbnail: body.content_thumbnail ?? null,
            created_at: new Date(now),
          },
          null,
          body.ask_price,
        ),
    });
  }

  @Route(listListingsRoute)
  async list(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(ListingsQuerySchema)) query: z.output<typeof ListingsQuerySchema>,
  ): Promise<ListingsResponse> {
    // Everyone's listings are those the caller could buy: a sandbox sees sandboxes' listings, a real account real ones.
    const page = await this.reader.listingsPage({
      sellerId: query.owner === 'true' ? caller.userId : undefined,
      sandbox: caller.isDemo,
      contentId: query.content_id,
      limit: query.limit,
      cursor: query.cursor,
    });
    return {
      listings: await this.reader.listingViews(
        page.rows,
        async (contentId) => (await this.commands.marketPrice(contentId)).priceMinor,
      ),
      next_cursor: page.nextCursor,
    };
  }

  @Route(cancelListingRoute)
  async cancel(@CurrentUser() caller: AuthenticatedUser, @Param('id') rawId: string): Promise<Listing> {
    const listingId = idOf(rawId, 'LISTING_NOT_FOUND', MARKET_MESSAGES.listingNotFound);
    const row = await this.reader.listing(listingId);
    if (!row) throw notFound('LISTING_NOT_FOUND', MARKET_MESSAGES.listingNotFound);
    await this.commands.run({
      contentId: row.content_id,
      prepare: async () => ({
        command: { type: 'CancelListing', data: { callerId: caller.userId, listingId, now: new Date().toISOString() } },
        context: {
          contentId: row.content_id,
          contentTitle: row.content_title,
          contentThumbnail: row.content_thumbnail,
          message: null,
        },
      }),
      answer: () => null,
    });
    const [view] = await this.reader.listingViews(
      [(await this.reader.listing(listingId))!],
      async (contentId) => (await this.commands.marketPrice(contentId)).priceMinor,
    );
    return view!;
  }

  @Route(buyListingRoute)
  async buy(
    @IdempotencyKey(buyListingRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(BuyListingRequestSchema)) body: BuyListingRequest,
  ): Promise<TradeResponse> {
    const listingId = idOf(rawId, 'LISTING_NOT_FOUND', MARKET_MESSAGES.listingNotFound);
    const row = await this.reader.listing(listingId);
    if (!row) throw notFound('LISTING_NOT_FOUND', MARKET_MESSAGES.listingNotFound);
    const transactionId = newTransactionId();
    const now = new Date().toISOString();
    return this.commands.run({
      idempotency,
      contentId: row.content_id,
      moneyRefusal: (refusal) =>
        refusal === 'BALANCE_MUST_COVER_AMOUNT'
          ? unprocessable('INSUFFICIENT_BALANCE', MARKET_MESSAGES.insufficient(body.quantity))
          : undefined,
      prepare: async () => ({
        command: {
          type: 'BuyListing',
          data: {
            contentId: row.content_id,
            buyerId: caller.userId,
            listingId,
            quantity: body.quantity,
            transactionId,
            now,
          },
        },
        context: {
          contentId: row.content_id,
          contentTitle: row.content_title,
          contentThumbnail: row.content_thumbnail,
          message: null,
        },
      }),
      answer: (decision) => ({
        success: true as const,
        transaction_id: transactionId,
        content_id: row.content_id,
        quantity: body.quantity,
        price: usd(decision.priceMinor),
        total: usd(decision.totalMinor),
        fee: usd(decision.feeMinor),
        seller_proceeds: usd(decision.totalMinor - decision.feeMinor),
      }),
    });
  }
}
