import { AuthProfileResponseSchema, SessionResponseSchema, SignUpResponseSchema, UserSchema, type UserView } from '@app/contracts/identity';
import { type UserBalances, UserBalancesSchema, type UserMeExtras, UserMeExtrasSchema } from '@app/contracts/ledger';
import type { User } from './user';

/**
 * The session's answers, parsed with the contracts (identity's user and session, the ledger's balances). The
 * screens keep balances as exact decimal text: the API sends JSON numbers exact at the currency's scale.
 */
type ApiUser = UserView & Partial<UserBalances> & Partial<UserMeExtras>;

const balanceText = (value: number | undefined): string => (value === undefined ? '0' : String(value));

/** The screens' user from the API's: balances as text, '0' until the ledger has answered (`/api/users/me`). */
export function toUser(user: ApiUser): User {
  return {
    ...user,
    points_balance: balanceText(user.points_balance),
    keys_balance: balanceText(user.keys_balance),
    gems_balance: balanceText(user.gems_balance),
    gold_collected: balanceText(user.gold_collected),
    moves_balance: user.moves_balance === undefined ? null : String(user.moves_balance),
  };
}

/** `GET /api/auth/profile`: who is signed in. */
export const profileResponseSchema = AuthProfileResponseSchema.transform((body) => toUser(body.user));

/** `GET /api/users/me`: identity's user with the ledger's balances and progress's level and XP. */
export const meResponseSchema = UserSchema.extend({
  ...UserBalancesSchema.shape,
  // Spec 2 §3's standing figures (streak, earnings, followers, master key, level, XP); optional so an older API still parses.
  ...UserMeExtrasSchema.partial().shape,
}).transform(toUser);

/** Sign-in, demo sign-in and refresh answer a session: a bearer token and the user. */
export const sessionResponseSchema = SessionResponseSchema.transform((body) => ({ token: body.token, user: toUser(body.user) }));
export const refreshResponseSchema = SessionResponseSchema;

/** Sign-up answers a session, or (when e-mail confirmation is on) that the user must confirm first. */
export const signUpResponseSchema = SignUpResponseSchema.transform((body) =>
  body.requiresConfirmation ? { requiresConfirmation: true as const, message: body.message } : { requiresConfirmation: false as const, token: body.token, user: toUser(body.user), referral: body.referral ?? null },
);
