// The session's server calls, loaded on demand: a visitor without a token never downloads them.
import { apiClient } from '../api/api-client';
import { ApiError, isApiError } from '../api/api-error';
import { tokenStorage } from '../api/token-storage';
import type { SignUpInput, SignedUp } from './session-context';
import type { DemoPersona, User } from './user';
import {
  authProfileRoute,
  demoSignInRoute,
  refreshSessionRoute,
  signInRoute,
  signOutRoute,
  signUpRoute,
} from '@app/contracts/identity';
import { getMeRoute } from '@app/contracts/ledger';
import { toSession, toSignedUpAnswer, toUser } from './user-schema';

export class SessionExpiredError extends Error {}

async function refreshToken(): Promise<boolean> {
  try {
    const response = await apiClient().call(refreshSessionRoute);
    tokenStorage.save(response.token);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads the signed-in user: the profile says who is signed in, `getMeRoute` adds the balances.
 * A 401 with a stored token means the session ended (after one refresh attempt).
 */
export async function loadSession(checkCookieSession: boolean, allowTokenRefresh = true): Promise<User | null> {
  const hadToken = tokenStorage.getToken() !== null;
  if (!hadToken && !checkCookieSession) return null;
  const client = apiClient();
  const [profile, me] = await Promise.allSettled([
    client.call(authProfileRoute).then((answer) => toUser(answer.user)),
    client.call(getMeRoute).then(toUser),
  ]);
  if (profile.status === 'rejected') {
    const error = profile.reason;
    if (isApiError(error) && error.status === 401) {
      if (!hadToken) return null;
      if (allowTokenRefresh && (await refreshToken())) return loadSession(checkCookieSession, false);
      throw new SessionExpiredError('Your session has expired');
    }
    throw error;
  }
  // Balances come from the ledger's read model; if it cannot answer, the profile still identifies the user.
  return me.status === 'fulfilled' ? { ...profile.value, ...me.value } : profile.value;
}

function establish(response: { token: string; user: User }): User {
  tokenStorage.save(response.token, response.user.id);
  return response.user;
}

export async function signIn(email: string, password: string): Promise<User> {
  return establish(toSession(await apiClient().call(signInRoute, { body: { email, password } })));
}

export async function signUp(input: SignUpInput): Promise<SignedUp> {
  const answer = toSignedUpAnswer(await apiClient().call(signUpRoute, { body: input }));
  // With e-mail confirmation on there is no session yet: the sign-up form shows the server's sentence.
  if (answer.requiresConfirmation)
    throw new ApiError({ message: answer.message, status: 201, code: 'CONFIRMATION_REQUIRED' });
  return { user: establish(answer), referral: answer.referral };
}

export async function signInAsDemo(persona: DemoPersona): Promise<User> {
  return establish(toSession(await apiClient().call(demoSignInRoute, { params: { persona } })));
}

export async function signOut(): Promise<void> {
  await apiClient().call(signOutRoute);
}
