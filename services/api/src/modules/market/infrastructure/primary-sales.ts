import type { BuySharesResponse } from '@app/contracts/market';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import type { AppendAlongside } from '@app/event-store';
import { rowsDocument, rowsTable } from '../../../platform/database/upsert-rows';
import type { MarketEvent } from '../domain/market';

/** The rows one statement carries: each buyer's position change, and each trade. */
const POSITION_COLUMNS = { buyer: 'text', quantity: 'integer', cost: 'bigint', at: 'timestamptz' } as const;
const TRADE_COLUMNS = {
  id: 'text',
  buyer: 'text',
  seller: 'text',
  quantity: 'integer',
  price: 'bigint',
  at: 'timestamptz',
} as const;

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
 * The inline read models of a group's primary sales, written by the group's append statement itself (no round trip
 * of their own): an upsert of every buyer's position (summed per buyer: one statement may touch a row once) and an
 * insert of the trades. Empty when nothing was sold.
 */
export function primarySalesAlongside(
  contentId: string,
  events: readonly Extract<MarketEvent, { type: 'SharesBought' }>[],
): AppendAlongside[] {
  if (events.length === 0) return [];
  const byBuyer = new Map<string, { quantity: number; totalMinor: bigint; at: string }>();
  for (const { data } of events) {
    const entry = byBuyer.get(data.buyerId) ?? { quantity: 0, totalMinor: 0n, at: data.at };
    byBuyer.set(data.buyerId, {
      quantity: entry.quantity + data.quantity,
      totalMinor: entry.totalMinor + BigInt(data.totalMinor),
      at: data.at > entry.at ? data.at : entry.at,
    });
  }
  const buyers = [...byBuyer];
  return [
    {
      statement: `INSERT INTO market_positions AS p (content_id, user_id, owned, cost_minor, last_trade_at)
       SELECT $1, buyer, quantity, cost, at FROM ${rowsTable(2, POSITION_COLUMNS)} AS t
       ON CONFLICT (content_id, user_id) DO UPDATE SET owned = p.owned + EXCLUDED.owned,
         cost_minor = p.cost_minor + EXCLUDED.cost_minor,
         last_trade_at = GREATEST(p.last_trade_at, EXCLUDED.last_trade_at)
       RETURNING 1`,
      params: [
        contentId,
        rowsDocument(buyers.map(([buyer, entry]) => [buyer, entry.quantity, String(entry.totalMinor), entry.at])),
      ],
    },
    {
      statement: `INSERT INTO market_trades
         (transaction_id, content_id, kind, buyer_id, seller_id, quantity, price_minor, at)
       SELECT id, $1, 'primary', buyer, seller, quantity, price, at FROM ${rowsTable(2, TRADE_COLUMNS)} AS t
       RETURNING 1`,
      params: [
        contentId,
        rowsDocument(
          events.map(({ data }) => [
            data.transactionId,
            data.buyerId,
            data.creatorId,
            data.quantity,
            data.priceMinor,
            data.at,
          ]),
        ),
      ],
    },
  ];
}
