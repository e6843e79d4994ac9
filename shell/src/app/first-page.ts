import { tokenStorage, yieldToBrowser } from '@app/platform';
import { remoteForPath } from '../federation/remote-ownership';
import { loadAppLayout, loadDashboardPage } from './route-chunks';

/** The shell's own signed-in paths (first segment) that render inside the signed-in frame. */
const signedInSegments = new Set(['dashboard', 'home', 'leaderboard', 'profile', 'users', 'admin']);
const pageChunks: Record<string, () => Promise<unknown>> = {
  '/dashboard': loadDashboardPage,
  '/home': loadDashboardPage,
};

/**
 * A first page behind sign-in, opened with a session to check (a reload, a link): the signed-in frame's chunk (header,
 * menus, query cache) and the page's own start with main.js, while the session is checked, rather than after the
 * check has answered. A signed-out visitor is sent to /auth and fetches neither.
 */
export async function startSignedInFirstPage(pathname: string): Promise<void> {
  if (!(tokenStorage.getToken() || tokenStorage.hasCookieSession())) return;
  const firstSegment = pathname.split('/').filter(Boolean)[0] ?? '';
  if (!signedInSegments.has(firstSegment) && !remoteForPath(pathname)) return;
  // A chunk that fails here fails again, visibly, where its route loads it.
  void loadAppLayout().catch(() => undefined);
  const loadPage = pageChunks[pathname];
  if (!loadPage) return;
  // Each start inserts its chunks' script tags: two tasks instead of one longer one on a phone (issue 45).
  await yieldToBrowser();
  void loadPage().catch(() => undefined);
}
