import type { SessionResponse, SignUpResponse, UserView } from '@app/contracts/identity';
import type { UserBalances, UserMeExtras } from '@app/contracts/ledger';
import type { User } from './user';

/**
 * The session's answers, parsed with the contracts (identity's user and session, the ledger's balances). The
 * screens keep balances as exact decimal text: the API sends JSON numbers exact at the currency's scale.
 */
type ApiUser = UserView & Partial<UserBalances> & Partial<UserMeExtras>;

const balanceText = (value: number | undefined): string => (value === undefined ? '0' : String(value));

/** The screens' user from the API's: balances as text, '0' until the ledger has answered (`getMeRoute`). */
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

/** A session answer (sign-in, demo sign-in, refresh) as the screens use it: the bearer token and the user. */
export function toSession(body: SessionResponse): { token: string; user: User } {
  return { token: body.token, user: toUser(body.user) };
}

/** Sign-up answers a session, or (when e-mail confirmation is on) that the user must confirm first. */
export function toSignedUpAnswer(body: SignUpResponse) {
  return body.requiresConfirmation
    ? { requiresConfirmation: true as const, message: body.message }
    : { requiresConfirmation: false as const, ...toSession(body), referral: body.referral ?? null };
}
