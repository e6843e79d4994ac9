import type { BuySharesResponse } from '@app/contracts/market';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import type { TransactionHandle } from '@app/event-store';
import type { MarketEvent } from '../domain/market';

/** One buyer's request waiting for its item's next group commit. */
export interface PendingBuy {
  buyerId: string;
  quantity: number;
  transactionId: string;
  now: string;
  idempotency: IdempotentRequest;
  resolve(answer: BuySharesResponse): void;
  reject(error: unknown): void;
}

/**
 * The inline read models of a group's primary sales in ONE statement (one round trip instead of three per sale): an
 * upsert of every buyer's position (summed per buyer: one row may be touched once per statement) and an insert of the
 * trades, the first as a data-modifying CTE of the second.
 */
export async function applyPrimarySales(transaction: TransactionHandle, contentId: string, events: readonly Extract<MarketEvent, { type: 'SharesBought' }>[]): Promise<void> {
  if (events.length === 0) return;
  const byBuyer = new Map<string, { quantity: number; totalMinor: bigint; at: string }>();
  for (const { data } of events) {
    const entry = byBuyer.get(data.buyerId) ?? { quantity: 0, totalMinor: 0n, at: data.at };
    byBuyer.set(data.buyerId, { quantity: entry.quantity + data.quantity, totalMinor: entry.totalMinor + BigInt(data.totalMinor), at: data.at > entry.at ? data.at : entry.at });
  }
  const buyers = [...byBuyer];
  await transaction.query(
    `WITH positions AS (
       INSERT INTO market_positions AS p (content_id, user_id, owned, cost_minor, last_trade_at)
       SELECT $1, buyer, quantity, cost, at FROM unnest($2::text[], $3::int[], $4::bigint[], $5::timestamptz[]) AS t(buyer, quantity, cost, at)
       ON CONFLICT (content_id, user_id) DO UPDATE SET owned = p.owned + EXCLUDED.owned, cost_minor = p.cost_minor + EXCLUDED.cost_minor,
         last_trade_at = GREATEST(p.last_trade_at, EXCLUDED.last_trade_at)
     )
     INSERT INTO market_trades (transaction_id, content_id, kind, buyer_id, seller_id, quantity, price_minor, at)
     SELECT id, $1, 'primary', buyer, seller, quantity, price, at
     FROM unnest($6::text[], $7::text[], $8::text[], $9::int[], $10::bigint[], $11::timestamptz[]) AS t(id, buyer, seller, quantity, price, at)`,
    [
      contentId,
      buyers.map(([buyer]) => buyer),
      buyers.map(([, entry]) => entry.quantity),
      buyers.map(([, entry]) => String(entry.totalMinor)),
      buyers.map(([, entry]) => entry.at),
      events.map(({ data }) => data.transactionId),
      events.map(({ data }) => data.buyerId),
      events.map(({ data }) => data.creatorId),
      events.map(({ data }) => data.quantity),
      events.map(({ data }) => data.priceMinor),
      events.map(({ data }) => data.at),
    ],
  );
}
