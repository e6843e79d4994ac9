import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { tokenStorage } from '../api/token-storage';
import { type Session, SessionContext, type SessionStatus, type SignUpInput } from './session-context';
import { onUnauthorized } from './session-events';
import { type DemoPersona, type User, greetingName } from './user';

interface SessionState {
  status: SessionStatus;
  user: User | null;
  expired: boolean;
}

const loadRequests = () => import('./session-requests');

/** A token or a cookie session is stored: there is a session to check. */
const hasStoredSession = () => tokenStorage.getToken() !== null || tokenStorage.hasCookieSession();

/** The first check of a stored session, started before React mounts; `user` once it has answered one. */
let firstCheck: { answer: Promise<User | null>; user?: User } | undefined;

/**
 * Checks a stored session before React mounts the provider (whose effect would ask only after the first render): the
 * session's answers are on their way from index.html by then. The returned promise settles with the check, so that the
 * first render can wait for it (bootstrap) and show the signed-in page at once, not a spinner and then the whole page
 * in one long render when the answer comes. The provider takes this check over (`takeFirstCheck`), errors included.
 */
export function startSessionRequests(): Promise<void> {
  if (!hasStoredSession()) return Promise.resolve();
  const check: NonNullable<typeof firstCheck> = {
    answer: loadRequests().then((requests) => requests.loadSession(tokenStorage.hasCookieSession())),
  };
  firstCheck = check;
  return check.answer.then(
    (user) => {
      if (user) check.user = user;
    },
    () => undefined,
  );
}

/** The first check's answer, once: later loads ask the server again. */
function takeFirstCheck(): Promise<User | null> | undefined {
  const check = firstCheck;
  firstCheck = undefined;
  return check?.answer;
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Called after a 401 on the profile fetch signed the user out (the host goes to /auth?expired=1). */
  onExpired?: () => void;
}

const RETRY_PAUSES_MILLISECONDS = [500, 1500];

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * The session state and `load`, which (re)reads the signed-in user from the server: retried twice when the server
 * cannot be reached, signed out (and `onExpired` called) when the server says the session expired.
 */
function useSessionState(onExpired: (() => void) | undefined) {
  const [state, setState] = useState<SessionState>(() => {
    const checked = firstCheck?.user;
    if (checked) return { status: 'authenticated', user: checked, expired: false };
    return {
      status: hasStoredSession() ? 'pending' : 'anonymous',
      user: null,
      expired: false,
    };
  });
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;

  const load = useCallback(
    async (checkCookieSession = tokenStorage.hasCookieSession(), answered?: Promise<User | null>) => {
      const requests = await loadRequests();
      for (let attempt = 0; ; attempt += 1) {
        try {
          const user = await (attempt === 0 && answered ? answered : requests.loadSession(checkCookieSession));
          if (!tokenStorage.getToken()) tokenStorage.rememberCookieSession(user !== null);
          // The user the first render already has (from the first check) re-renders nothing.
          setState((current) =>
            user && current.user === user
              ? current
              : user
                ? { status: 'authenticated', user, expired: false }
                : { status: 'anonymous', user: null, expired: false },
          );
          return user;
        } catch (error) {
          if (error instanceof requests.SessionExpiredError) {
            tokenStorage.clear();
            setState({ status: 'anonymous', user: null, expired: true });
            // After the signed-out render (a protected page redirects to /auth first), so this navigation wins.
            setTimeout(() => (onExpiredRef.current ?? (() => window.location.assign('/auth?expired=1')))(), 0);
            return null;
          }
          if (attempt >= RETRY_PAUSES_MILLISECONDS.length) {
            // The server could not be reached: keep a known user; a first check ends as signed out
            // without dropping the token, so a reload tries again.
            setState((current) => (current.user ? current : { status: 'anonymous', user: null, expired: false }));
            return null;
          }
          await pause(RETRY_PAUSES_MILLISECONDS[attempt]);
        }
      }
    },
    [],
  );

  return { state, setState, load };
}

/**
 * The session: who is signed in, with their balances. Pending only while a stored token is being
 * checked; an anonymous visitor is known to be anonymous at once.
 */
export function SessionProvider({ children, onExpired }: SessionProviderProps) {
  const { state, setState, load } = useSessionState(onExpired);

  useEffect(() => {
    if (state.user) tokenStorage.rememberGreetingName(greetingName(state.user));
  }, [state.user]);

  useEffect(() => {
    const answered = takeFirstCheck();
    if (hasStoredSession() || answered) void load(undefined, answered);
    return onUnauthorized(() => {
      if (hasStoredSession()) void load();
    });
  }, [load]);

  const session = useMemo<Session>(() => {
    const establish = (user: User): User => {
      setState({ status: 'authenticated', user, expired: false });
      // The sign-in answer may carry no balances: complete the user in the background.
      void load();
      return user;
    };
    return {
      ...state,
      signIn: async (email: string, password: string) =>
        establish(await (await loadRequests()).signIn(email, password)),
      signUp: async (input: SignUpInput) => {
        const signedUp = await (await loadRequests()).signUp(input);
        return { ...signedUp, user: establish(signedUp.user) };
      },
      signInAsDemo: async (persona: DemoPersona) => establish(await (await loadRequests()).signInAsDemo(persona)),
      acceptToken: async (token: string) => {
        if (token) tokenStorage.save(token);
        return load(true);
      },
      signOut: async () => {
        try {
          await (await loadRequests()).signOut();
        } finally {
          // Local state goes even when the server could not be told (the token may already be invalid).
          tokenStorage.clear();
          clearBrowserStorage();
          setState({ status: 'anonymous', user: null, expired: false });
        }
      },
      refresh: async () => {
        await load();
      },
    };
  }, [state, setState, load]);

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
