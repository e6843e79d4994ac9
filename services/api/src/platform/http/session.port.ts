import type { AuthenticatedUser } from './authenticated-user';

/**
 * What the platform's session guard asks of the context that keeps sessions (identity implements it): who a session
 * token names, and where that token may come from. The guard itself, the bearer token and the cross-site check are
 * the platform's, so no module imports identity to be authenticated.
 */
export interface SessionPort {
  /** The http-only cookie a browser sends the session token in (else `Authorization: Bearer ...`). */
  readonly cookieName: string;
  /** The web app's and the API's public URLs: a cookie-authenticated write may come from them. */
  readonly publicUrls: readonly string[];
  /** The user a token names while its session is neither revoked nor expired; `undefined` otherwise. */
  authenticate(token: string): Promise<AuthenticatedUser | undefined>;
}

export const SESSION_PORT = Symbol('SESSION_PORT');
