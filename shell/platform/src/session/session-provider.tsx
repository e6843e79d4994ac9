import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { z } from 'zod';
import { apiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { tokenStorage } from '../api/token-storage';
import { type Session, SessionContext, type SignUpInput } from './session-context';
import { type DemoPersona, type SignInResponse, type User, signInResponseSchema, userEnvelopeSchema } from './user-schema';

export const SESSION_QUERY_KEY = ['session'] as const;

class SessionExpiredError extends Error {}

/**
 * Loads the signed-in user: the profile says who is signed in, `/api/users/me` adds the balances.
 * Without a stored token nothing is asked, so an anonymous visit costs no request.
 */
async function loadSession(checkCookieSession: boolean, allowTokenRefresh = true): Promise<User | null> {
  const hadToken = tokenStorage.getToken() !== null;
  if (!hadToken && !checkCookieSession) return null;
  const client = apiClient();
  const [profile, me] = await Promise.allSettled([
    client.get('/api/auth/profile', { schema: userEnvelopeSchema }),
    client.get('/api/users/me', { schema: userEnvelopeSchema }),
  ]);
  if (profile.status === 'rejected') {
    const error = profile.reason;
    if (isApiError(error) && error.status === 401) {
      if (!hadToken) return null;
      // An expired access token may still be renewable; one attempt, then the session is over.
      if (allowTokenRefresh && (await refreshToken())) return loadSession(checkCookieSession, false);
      throw new SessionExpiredError('Your session has expired');
    }
    throw error;
  }
  // Balances come from the ledger's read model; if it cannot answer, the profile still identifies the user.
  return me.status === 'fulfilled' ? { ...profile.value, ...me.value } : profile.value;
}

const refreshResponseSchema = z.object({ token: z.string().min(1) }).loose();

async function refreshToken(): Promise<boolean> {
  try {
    const response = await apiClient().post('/api/auth/refresh', {}, { schema: refreshResponseSchema });
    tokenStorage.save(response.token);
    return true;
  } catch {
    return false;
  }
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Called after a 401 on the profile fetch signed the user out (the host goes to /auth?expired=1). */
  onExpired?: () => void;
}

export function SessionProvider({ children, onExpired }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const checkCookieSession = useRef(false);
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;

  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      try {
        return await loadSession(checkCookieSession.current);
      } catch (error) {
        if (!(error instanceof SessionExpiredError)) throw error;
        tokenStorage.clear();
        queueMicrotask(() => (onExpiredRef.current ?? defaultOnExpired)());
        return null;
      } finally {
        checkCookieSession.current = false;
      }
    },
    staleTime: 30_000,
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500 && error.status !== 0) && failureCount < 2,
  });

  const establish = useCallback(
    async (response: SignInResponse): Promise<User> => {
      tokenStorage.save(response.token, response.user.id);
      queryClient.setQueryData(SESSION_QUERY_KEY, response.user);
      // The sign-in answer may carry no balances; fetch the full user without blocking navigation.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      return response.user;
    },
    [queryClient],
  );

  const session = useMemo<Session>(() => {
    const client = apiClient();
    // A failed background refetch keeps the last known user instead of signing anyone out.
    const user = query.data ?? null;
    const status = query.isPending ? 'pending' : user ? 'authenticated' : 'anonymous';
    return {
      status,
      user,
      signIn: async (email, password) => establish(await client.post('/api/auth/signin', { email, password }, { schema: signInResponseSchema })),
      signUp: async (input: SignUpInput) => establish(await client.post('/api/auth/signup', input, { schema: signInResponseSchema })),
      signInAsDemo: async (persona: DemoPersona) => establish(await client.post(`/api/auth/demo/${persona}`, {}, { schema: signInResponseSchema })),
      acceptToken: async (token: string) => {
        if (token) tokenStorage.save(token);
        checkCookieSession.current = true;
        await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        return queryClient.getQueryData<User | null>(SESSION_QUERY_KEY) ?? null;
      },
      signOut: async () => {
        try {
          await client.post('/api/auth/logout');
        } finally {
          // Local state goes even when the server could not be told (the token may already be invalid).
          tokenStorage.clear();
          clearBrowserStorage();
          queryClient.removeQueries({ predicate: (cached) => cached.queryKey[0] !== SESSION_QUERY_KEY[0] });
          queryClient.setQueryData(SESSION_QUERY_KEY, null);
        }
      },
      refresh: async () => {
        await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      },
    };
  }, [query.data, query.isPending, establish, queryClient]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function clearBrowserStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage may be unavailable; nothing left to clear then.
  }
}

function defaultOnExpired(): void {
  window.location.assign('/auth?expired=1');
}

export type { DemoPersona };
