import { z } from 'zod';
import { defineRoute } from '../http/route';

/**
 * The daily limit on keys from points as the ledger decides it (on the user's own stream, UTC day), so a screen shows
 * what is left without re-deriving the rule from the transaction history.
 */
export const ConversionAllowanceSchema = z.object({
  keys_converted_from_points_today: z.number().int().nonnegative(),
  daily_points_conversion_limit: z.number().int().positive(),
  keys_remaining_from_points_today: z.number().int().nonnegative(),
});
export type ConversionAllowance = z.infer<typeof ConversionAllowanceSchema>;

export const getConversionAllowanceRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/me/conversion-allowance',
  summary: 'Keys the signed-in user has converted from points today (UTC) and how many are left under the daily limit',
  tags: ['ledger'],
  responses: { 200: ConversionAllowanceSchema },
});
