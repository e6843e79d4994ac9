import type { TransactionHandle } from '@app/event-store';
import type { MarketEvent } from '../domain/market';

export interface ReadModelContext {
  contentId: string;
  contentTitle: string;
  contentThumbnail: string | null;
  message: string | null;
  /**
   * A listing opened now is in a demo sandbox's world (its item's creator is a sandbox); only ListingOpened reads
   * it.
   */
  sandbox?: boolean;
}

async function position(
  transaction: TransactionHandle,
  contentId: string,
  userId: string,
  ownedDelta: number,
  listedDelta: number,
  costDeltaSql: string,
  params: unknown[],
  at: string | null,
) {
  // A sale takes the sold shares' share of the cost basis (average cost); a purchase adds what was paid.
  await transaction.query(
    `INSERT INTO market_positions (content_id, user_id) VALUES ($1, $2) ON CONFLICT (content_id, user_id) DO NOTHING`,
    [contentId, userId],
  );
  await transaction.query(
    `UPDATE market_positions
     SET owned = owned + $3, listed = listed + $4, cost_minor = cost_minor + ${costDeltaSql},
         last_trade_at = COALESCE($5, last_trade_at)
     WHERE content_id = $1 AND user_id = $2`,
    [contentId, userId, ownedDelta, listedDelta, at, ...params],
  );
}

const buy = (
  transaction: TransactionHandle,
  contentId: string,
  userId: string,
  quantity: number,
  totalMinor: string,
  at: string,
) => position(transaction, contentId, userId, quantity, 0, '$6::bigint', [totalMinor], at);
const sell = (
  transaction: TransactionHandle,
  contentId: string,
  userId: string,
  quantity: number,
  listedDelta: number,
  at: string,
) =>
  position(
    transaction,
    contentId,
    userId,
    -quantity,
    listedDelta,
    '-(cost_minor * $6::bigint / GREATEST(owned, 1))',
    [quantity],
    at,
  );

async function trade(
  transaction: TransactionHandle,
  contentId: string,
  kind: string,
  data: { buyerId: string; sellerId: string; quantity: number; priceMinor: string; transactionId: string; at: string },
) {
  await transaction.query(
    `INSERT INTO market_trades (transaction_id, content_id, kind, buyer_id, seller_id, quantity, price_minor, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [data.transactionId, contentId, kind, data.buyerId, data.sellerId, data.quantity, data.priceMinor, data.at],
  );
}

type EventData<Type extends MarketEvent['type']> = Extract<MarketEvent, { type: Type }>['data'];

/** Writes the market's inline read models for events about to be appended, in the same transaction. */
export async function applyMarketEvents(
  transaction: TransactionHandle,
  context: ReadModelContext,
  events: readonly MarketEvent[],
): Promise<void> {
  for (const event of events) await applyMarketEvent(transaction, context, event);
}

async function applyMarketEvent(transaction: TransactionHandle, context: ReadModelContext, event: MarketEvent) {
  const { contentId } = context;
  switch (event.type) {
    case 'SharesBought':
      await buy(transaction, contentId, event.data.buyerId, event.data.quantity, event.data.totalMinor, event.data.at);
      await trade(transaction, contentId, 'primary', { ...event.data, sellerId: event.data.creatorId });
      break;
    case 'ListingOpened':
      await openListing(transaction, context, event.data);
      break;
    case 'ListingCancelled': {
      const { rows } = await transaction.query<{ seller_id: string; remaining: number }>(
        `UPDATE market_listings SET status = 'cancelled' WHERE listing_id = $1 RETURNING seller_id, remaining`,
        [event.data.listingId],
      );
      if (rows[0]) await position(transaction, contentId, rows[0].seller_id, 0, -rows[0].remaining, '0', [], null);
      break;
    }
    case 'ListingFilled':
      await fillListing(transaction, contentId, event.data);
      break;
    case 'OfferMade':
      await makeOffer(transaction, context, event.data);
      break;
    case 'OfferAccepted':
      await transaction.query(`UPDATE market_offers SET status = 'accepted' WHERE offer_id = $1`, [event.data.offerId]);
      await sell(transaction, contentId, event.data.sellerId, event.data.quantity, 0, event.data.at);
      await buy(transaction, contentId, event.data.buyerId, event.data.quantity, event.data.totalMinor, event.data.at);
      await trade(transaction, contentId, 'offer', event.data);
      break;
    case 'OfferClosed':
      await transaction.query(`UPDATE market_offers SET status = $2 WHERE offer_id = $1`, [
        event.data.offerId,
        event.data.outcome,
      ]);
      break;
  }
}

const INSERT_LISTING_SQL = `INSERT INTO market_listings
    (listing_id, content_id, seller_id, quantity, remaining, ask_minor, status, content_title, content_thumbnail,
     created_at, sandbox)
  VALUES ($1, $2, $3, $4, $4, $5, 'active', $6, $7, $8, $9)`;

async function openListing(
  transaction: TransactionHandle,
  context: ReadModelContext,
  data: EventData<'ListingOpened'>,
) {
  await position(transaction, context.contentId, data.sellerId, 0, data.quantity, '0', [], null);
  await transaction.query(INSERT_LISTING_SQL, [
    data.listingId,
    context.contentId,
    data.sellerId,
    data.quantity,
    data.askMinor,
    context.contentTitle,
    context.contentThumbnail,
    data.at,
    context.sandbox ?? null,
  ]);
}

const FILL_LISTING_SQL = `UPDATE market_listings
  SET remaining = remaining - $2, status = CASE WHEN remaining - $2 <= 0 THEN 'filled' ELSE status END
  WHERE listing_id = $1`;

async function fillListing(transaction: TransactionHandle, contentId: string, data: EventData<'ListingFilled'>) {
  await transaction.query(FILL_LISTING_SQL, [data.listingId, data.quantity]);
  await sell(transaction, contentId, data.sellerId, data.quantity, -data.quantity, data.at);
  await buy(transaction, contentId, data.buyerId, data.quantity, data.totalMinor, data.at);
  await trade(transaction, contentId, 'listing', data);
}

const INSERT_OFFER_SQL = `INSERT INTO market_offers
    (offer_id, content_id, buyer_id, seller_id, quantity, bid_minor, total_minor, status, message, content_title,
     created_at, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $11)`;

async function makeOffer(transaction: TransactionHandle, context: ReadModelContext, data: EventData<'OfferMade'>) {
  await transaction.query(INSERT_OFFER_SQL, [
    data.offerId,
    context.contentId,
    data.buyerId,
    data.sellerId,
    data.quantity,
    data.bidMinor,
    data.totalMinor,
    context.message,
    context.contentTitle,
    data.at,
    data.expiresAt,
  ]);
}
