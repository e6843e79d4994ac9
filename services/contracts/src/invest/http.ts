import { z } from 'zod';

/**
 * Share holdings and predictions as spec 2 (data shapes) and spec 3 name their fields. The API does not serve the
 * portfolio's holdings (`@app/contracts/market` re-exports them with its routes); the invest remote parses with these
 * schemas. Prices show 4 decimals; amounts are JSON numbers, exact at their scale.
 */
export const HOLDING_VISIBILITIES = ['public', 'private'] as const;

export const HoldingSchema = z.object({
  content_id: z.string(),
  content_title: z.string(),
  content_thumbnail: z.string().nullable(),
  creator_id: z.string(),
  creator_name: z.string().nullable(),
  creator_avatar: z.string().nullable(),
  platform: z.string().nullable(),
  owned_shares: z.number().int().nonnegative(),
  available_to_sell: z.number().int().nonnegative(),
  avg_cost: z.number(),
  current_price: z.number(),
  market_value: z.number(),
  unrealized_gain: z.number(),
  day_change_pct: z.number(),
  week_change_pct: z.number(),
  month_change_pct: z.number(),
  last_trade_at: z.string().nullable(),
  is_listed: z.boolean(),
  listing_id: z.string().nullable(),
  visibility: z.enum(HOLDING_VISIBILITIES),
});
export type Holding = z.infer<typeof HoldingSchema>;

export const HoldingsResponseSchema = z.object({ holdings: z.array(HoldingSchema) });
export type HoldingsResponse = z.infer<typeof HoldingsResponseSchema>;

export const HoldingDetailResponseSchema = z.object({
  holding: HoldingSchema,
  content: z.object({
    description: z.string().nullable(),
    total_views: z.number(),
    engagement_rate: z.number(),
    earnings_to_date: z.number(),
  }),
  performance: z.object({
    history: z.array(z.object({ date: z.string(), price: z.number(), volume: z.number() })),
    ledger: z.array(
      z.object({ id: z.string(), type: z.string(), quantity: z.number(), price: z.number(), timestamp: z.string() }),
    ),
  }),
  marketplace: z.object({
    listings: z.array(
      z.object({
        id: z.string(),
        owner_id: z.string(),
        quantity: z.number(),
        status: z.string(),
        ask_price: z.number(),
      }),
    ),
    offers: z.array(
      z.object({
        id: z.string(),
        quantity: z.number(),
        bid_price: z.number(),
        buyer_name: z.string().nullable(),
        status: z.string(),
        message: z.string().nullable(),
      }),
    ),
  }),
});
export type HoldingDetailResponse = z.infer<typeof HoldingDetailResponseSchema>;

/** A portfolio prediction (spec 2): one stake on a social forecast. */
export const PortfolioPredictionSchema = z.object({
  id: z.string(),
  content_title: z.string(),
  platform: z.string().nullable(),
  prediction_side: z.enum(['over', 'under']),
  amount: z.number(),
  potential_payout: z.number(),
  status: z.string(),
  result: z.string().nullable(),
  created_at: z.string(),
});
export type PortfolioPrediction = z.infer<typeof PortfolioPredictionSchema>;

export const PredictionDetailResponseSchema = z.object({
  prediction: PortfolioPredictionSchema,
  forecast: z.object({
    metric: z.string(),
    target: z.number(),
    odds: z.number(),
    expires_at: z.string(),
    creator_projection: z.number().nullable(),
  }),
  trajectory: z.array(z.object({ date: z.string(), actual: z.number().nullable(), expected: z.number() })),
  participants: z.array(
    z.object({ username: z.string(), side: z.enum(['over', 'under']), amount: z.number(), status: z.string() }),
  ),
});
export type PredictionDetailResponse = z.infer<typeof PredictionDetailResponseSchema>;
