import { z } from 'zod';
import type { User } from './user';

/**
 * Balances arrive as JSON numbers or as decimal strings at the currency's scale (the ledger keeps
 * bigint minor units and shows decimals); either way the UI keeps the exact decimal text.
 */
const decimalText = z
  .union([z.number(), z.string()])
  .transform((value) => String(value))
  .refine((value) => /^-?\d+(\.\d+)?$/.test(value), 'not a decimal amount');

const optionalDecimal = decimalText.optional().nullable().transform((value) => value ?? '0');

export const userSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    email: z.string().optional().nullable(),
    username: z.string().optional().nullable(),
    display_name: z.string().optional().nullable(),
    slug: z.string().optional().nullable(),
    user_type: z.string().optional().nullable(),
    user_tier: z.string().optional().nullable(),
    tier: z.string().optional().nullable(),
    avatar_url: z.string().optional().nullable(),
    level: z.number().optional().nullable(),
    xp_points: z.union([z.number(), z.string()]).optional().nullable(),
    points_balance: optionalDecimal,
    keys_balance: optionalDecimal,
    gems_balance: optionalDecimal,
    gold_collected: optionalDecimal,
    moves_balance: decimalText.optional().nullable(),
    move_balance: decimalText.optional().nullable(),
  })
  .loose()
  .transform((user) => ({
    ...user,
    user_type: user.user_type ?? 'user',
    user_tier: user.user_tier ?? user.tier ?? 'free',
    moves_balance: user.moves_balance ?? user.move_balance ?? null,
  }))
  .pipe(z.custom<User>());

/** Auth answers are `{ token, user }`; some profile answers wrap the user (`{ success, user }`), others do not. */
export const userEnvelopeSchema = z.union([z.object({ user: userSchema }).loose().transform((body) => body.user), userSchema]);

export const signInResponseSchema = z.object({ token: z.string().min(1), user: userSchema }).loose();
export type SignInResponse = z.output<typeof signInResponseSchema>;

export const refreshResponseSchema = z.object({ token: z.string().min(1) }).loose();
