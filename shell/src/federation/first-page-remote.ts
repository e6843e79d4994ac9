import { tokenStorage } from '@app/platform';
import { remoteForPath } from './remote-ownership';

/** How long the early /remotes.json request may take before the registry asks again itself. */
const EARLY_MANIFEST_TIMEOUT_MILLISECONDS = 1800;

/**
 * A signed-in page opened on a remote's path (a reload, a link) starts that remote at once: the remotes manifest is
 * requested beside the registry's own chunk (not after it), then the remote's mf-manifest.json, remoteEntry.js and
 * route chunks, and the shell's shared modules the remotes take (zod, the query library, `@app/platform/app`), all
 * while the session is checked and the signed-in frame loads, instead of one after another. The route's own load then
 * finds them in flight or done; a remote that is down fails here silently and there with its fallback. A signed-out
 * visitor (sent to /auth) fetches nothing. Settles once the remote's routes have arrived or failed.
 */
export function startFirstPageRemote(pathname: string): Promise<void> {
  const remote = remoteForPath(pathname);
  if (!remote || !(tokenStorage.getToken() || tokenStorage.hasCookieSession())) return Promise.resolve();
  const manifest = earlyManifestRequest();
  return import('./remotes-registry')
    .then((registry) => {
      registry.startSharedModules();
      return registry.loadRemoteRoutes(remote, manifest);
    })
    .then(
      () => undefined,
      () => undefined,
    );
}

function earlyManifestRequest(): Promise<Response> | undefined {
  try {
    const signal = AbortSignal.timeout(EARLY_MANIFEST_TIMEOUT_MILLISECONDS);
    const request = fetch('/remotes.json', { cache: 'no-store', signal });
    // Whoever reads it later handles its failure; until then it must not count as unhandled.
    request.catch(() => undefined);
    return request;
  } catch {
    return undefined;
  }
}
