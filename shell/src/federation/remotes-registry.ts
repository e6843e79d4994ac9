// First: the remotes' entries take the federation runtime core from the shell (a global) instead of bundling their own.
import './runtime-core-global';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { z } from 'zod';
import { arrivedRemoteRoutes } from './arrived-remotes';
import { type RemoteName, remoteNames } from './remote-ownership';
import { RemoteUnavailableError } from './remote-unavailable';
import resiliencePlugin, { fetchWithTimeoutAndRetry } from './resilience-plugin';
import { sharedModuleLoaders, sharedModules } from './shared-modules';

/** The remotes manifest: remote name → URL of its mf-manifest.json (served by the shell, overridable). */
export const remotesManifestSchema = z.record(z.string(), z.string().url());
export type RemotesManifest = z.output<typeof remotesManifestSchema>;

export const REMOTES_MANIFEST_PATH = '/remotes.json';
/** Total wait before a route shows its remote as unavailable (the issue allows 5 s). */
export const REMOTE_LOAD_TIMEOUT_MILLISECONDS = 4500;

// The federation runtime starts with this module (the first remote route, or the signed-in frame): a visitor's first
// page never downloads it. 'loaded-first': no remote entry is fetched before its route, and the remotes take the
// shell's React, router and platform (already loaded) rather than their own.
init({
  name: 'shell',
  remotes: [],
  shared: sharedModules(),
  shareStrategy: 'loaded-first',
  plugins: [resiliencePlugin()],
});

let registry: Promise<RemotesManifest> | null = null;

/** A /remotes.json request already under way (the first page's), else a bounded request of its own. */
async function manifestResponse(early?: Promise<Response>): Promise<Response> {
  const first = early ? await early.catch(() => null) : null;
  if (first && first.status < 500) return first;
  return fetchWithTimeoutAndRetry(REMOTES_MANIFEST_PATH, { cache: 'no-store' });
}

async function fetchManifest(early?: Promise<Response>): Promise<RemotesManifest> {
  try {
    const response = await manifestResponse(early);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const manifest = remotesManifestSchema.parse(await response.json());
    const known = remoteNames.filter((name) => manifest[name]);
    registerRemotes(known.map((name) => ({ name, entry: manifest[name] })));
    return manifest;
  } catch (error) {
    // Without a manifest every remote route shows its fallback; the shell's own routes keep working.
    console.warn('Remotes manifest could not be loaded', error);
    registry = null; // the next remote route asks again
    return {};
  }
}

/**
 * Fetches /remotes.json once (when the signed-in frame mounts, or with the first remote route); the first caller may
 * hand over a request for it already under way.
 */
export function remotesRegistry(early?: Promise<Response>): Promise<RemotesManifest> {
  registry ??= fetchManifest(early);
  return registry;
}

/**
 * Starts loading the shell's shared modules every remote takes and the shell has not loaded yet (the remotes share
 * the same list): they would otherwise be requested only once a remote's entry has run and asked for them.
 */
export function startSharedModules(): void {
  for (const loader of Object.values(sharedModuleLoaders)) {
    if ('load' in loader && loader.preload) void loader.load().catch(() => undefined);
  }
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), milliseconds);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Each remote's load of its route subtree while in flight: the first page's start and its route share one. */
const loadsInFlight = new Map<RemoteName, Promise<{ default: ComponentType }>>();

/**
 * Loads a remote's exposed route subtree (`<remote>/routes`), bounded by one overall timeout. A load already in flight
 * (the first page started it, app/first-page.ts) is joined, so its timeout counts from that start; a failed one is
 * forgotten, and the next call (Try again) starts afresh.
 */
export function loadRemoteRoutes(
  remote: RemoteName,
  earlyManifest?: Promise<Response>,
): Promise<{ default: ComponentType }> {
  const inFlight = loadsInFlight.get(remote);
  if (inFlight) return inFlight;
  const started = startRemoteRoutes(remote, earlyManifest);
  loadsInFlight.set(remote, started);
  const forget = () => void loadsInFlight.delete(remote);
  started.then(forget, forget);
  return started;
}

function startRemoteRoutes(remote: RemoteName, earlyManifest?: Promise<Response>): Promise<{ default: ComponentType }> {
  const load = async () => {
    const manifest = await remotesRegistry(earlyManifest);
    if (!manifest[remote]) throw new RemoteUnavailableError(remote, `${remote} is not in the remotes manifest`);
    let module: { default?: ComponentType } | null;
    try {
      module = await loadRemote<{ default: ComponentType }>(`${remote}/routes`);
    } catch (error) {
      throw new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
    }
    if (!module?.default) throw new RemoteUnavailableError(remote, `${remote}/routes has no default export`);
    const routes = { default: module.default };
    arrivedRemoteRoutes.remember(remote, routes);
    return routes;
  };
  return withTimeout(
    load(),
    REMOTE_LOAD_TIMEOUT_MILLISECONDS,
    () =>
      new RemoteUnavailableError(
        remote,
        `${remote} did not answer within ${REMOTE_LOAD_TIMEOUT_MILLISECONDS / 1000} s`,
      ),
  );
}
