import { tokenStorage, yieldToBrowser } from '@app/platform';
import { remoteForPath } from '../federation/remote-ownership';
import { matchPath } from 'react-router';
import {
  PROFILE_PAGE_PATHS,
  appLayoutChunk,
  dashboardPageChunk,
  leaderboardPageChunk,
  profilePageChunk,
} from './route-chunks';

/** The shell's own signed-in paths (first segment) that render inside the signed-in frame. */
const signedInSegments = new Set(['dashboard', 'home', 'leaderboard', 'profile', 'users', 'admin']);

/** The pages whose chunk a signed-in first page starts early, by their route paths (app-routes.tsx). */
const earlyPageChunks = [
  { paths: ['/dashboard', '/home'], chunk: dashboardPageChunk },
  { paths: ['/leaderboard'], chunk: leaderboardPageChunk },
  { paths: PROFILE_PAGE_PATHS, chunk: profilePageChunk },
];

const pageChunkFor = (pathname: string) =>
  earlyPageChunks.find(({ paths }) => paths.some((path) => matchPath(path, pathname)))?.chunk;

/** What a first page started: `arrived` settles once all of it has arrived or failed (its route then shows why). */
export interface FirstPageStart {
  arrived: Promise<void>;
}

const NOTHING_STARTED: FirstPageStart = { arrived: Promise.resolve() };
const settled = (chunk: Promise<unknown>): Promise<void> =>
  chunk.then(
    () => undefined,
    () => undefined,
  );

/**
 * A first page behind sign-in, opened with a session to check (a reload, a link): the signed-in frame's chunk (header,
 * menus, query cache) and the page's own start with main.js, while the session is checked, rather than after the
 * check has answered. A signed-out visitor is sent to /auth and fetches neither.
 */
export async function startSignedInFirstPage(pathname: string): Promise<FirstPageStart> {
  if (!(tokenStorage.getToken() || tokenStorage.hasCookieSession())) return NOTHING_STARTED;
  const firstSegment = pathname.split('/').filter(Boolean)[0] ?? '';
  if (!signedInSegments.has(firstSegment) && !remoteForPath(pathname)) return NOTHING_STARTED;
  // A chunk that fails here fails again, visibly, where its route loads it.
  const layout = settled(appLayoutChunk.load());
  const page = pageChunkFor(pathname);
  if (!page) return { arrived: layout };
  // Each start inserts its chunks' script tags: two tasks instead of one longer one on a phone (issue 45).
  await yieldToBrowser();
  return { arrived: Promise.all([layout, settled(page.load())]).then(() => undefined) };
}
