/**
 * The bearer token is kept under the spec's storage names (`authToken`, `userId`), so a token stored by
 * any part of the app (host or remote, which share this module) is the one every request sends.
 */
const TOKEN_KEY = 'authToken';
const USER_ID_KEY = 'userId';
// Set when the session lives only in the API's http-only cookie (after Google sign-in), so a reload
// knows to ask the server instead of assuming a visitor.
const COOKIE_SESSION_KEY = 'cookieSession';
// The signed-in user's greeting name, for the first paint of /dashboard from index.html before any script has read
// the session (shell/platform/build/first-paint-script.js). Gone with the token.
const GREETING_NAME_KEY = 'greetingName';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be disabled (private mode, sandboxed frames); the cookie session still works.
    return undefined;
  }
}

export const tokenStorage = {
  getToken(): string | null {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  },
  save(token: string, userId?: string): void {
    storage()?.setItem(TOKEN_KEY, token);
    if (userId !== undefined) storage()?.setItem(USER_ID_KEY, userId);
  },
  clear(): void {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(USER_ID_KEY);
    storage()?.removeItem(COOKIE_SESSION_KEY);
    storage()?.removeItem(GREETING_NAME_KEY);
  },
  rememberGreetingName(name: string | null): void {
    if (name) storage()?.setItem(GREETING_NAME_KEY, name);
    else storage()?.removeItem(GREETING_NAME_KEY);
  },
  hasCookieSession(): boolean {
    return storage()?.getItem(COOKIE_SESSION_KEY) === '1';
  },
  rememberCookieSession(present: boolean): void {
    if (present) storage()?.setItem(COOKIE_SESSION_KEY, '1');
    else storage()?.removeItem(COOKIE_SESSION_KEY);
  },
};
