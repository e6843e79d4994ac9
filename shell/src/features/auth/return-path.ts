// The origin survives a full-page round trip (an OAuth redirect) in session storage, not only in
// router state.
const RETURN_PATH_KEY = 'returnTo';

export function rememberReturnPath(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Without storage the router state still carries the origin.
  }
}

/** Where to go after sign-in: the remembered origin if it is a local path, else /dashboard. */
export function takeReturnPath(stateFrom?: unknown): string {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(RETURN_PATH_KEY);
    window.sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    stored = null;
  }
  const candidate = typeof stateFrom === 'string' ? stateFrom : stored;
  // Only same-site paths: never bounce a user to another host after sign-in.
  if (candidate && candidate.startsWith('/') && !candidate.startsWith('//') && !candidate.startsWith('/auth'))
    return candidate;
  return '/dashboard';
}
