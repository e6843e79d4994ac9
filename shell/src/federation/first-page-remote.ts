import { tokenStorage } from '@app/platform';
import { remoteForPath } from './remote-ownership';

/**
 * A signed-in page opened on a remote's path (a reload, a link) starts that remote at once: the runtime, the remotes
 * manifest, the remote's mf-manifest.json, remoteEntry.js and route chunks load while the session is checked and the
 * signed-in frame loads, instead of after them. The route's own load then finds them in flight or done; a remote that
 * is down fails here silently and there with its fallback. A signed-out visitor (sent to /auth) fetches nothing.
 */
export function startFirstPageRemote(pathname: string): void {
  const remote = remoteForPath(pathname);
  if (!remote || !(tokenStorage.getToken() || tokenStorage.hasCookieSession())) return;
  void import('./remotes-registry').then((registry) => registry.loadRemoteRoutes(remote)).catch(() => undefined);
}
