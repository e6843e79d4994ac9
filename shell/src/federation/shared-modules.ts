import * as platform from '@app/platform';
import type { init } from '@module-federation/enhanced/runtime';
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as reactRouter from 'react-router';

type SharedOptions = NonNullable<Parameters<typeof init>[0]['shared']>;
type SingletonVersions = Record<string, { version: string; requiredVersion: string }>;

/** The remotes' share keys and versions, from `sharedSingletons()` of platform/build/webpack-config.js. */
declare const __SHARED_SINGLETONS__: SingletonVersions;

/**
 * The shell's own module instances given to the remotes: one React, one router context, one session, one query
 * cache. The shell is no federation container (the runtime is not on its first page), so it registers them itself
 * when the first remote loads. Those the shell has already evaluated are handed over as they are; the others
 * (zod, the query library, the signed-in platform, the forms, the market's dialogs) are imported when a remote first
 * asks for them, or with a remote's first page (preload, remotes-registry.ts).
 */
type SharedModuleLoader = { loaded: unknown } | { load: () => Promise<unknown>; preload?: boolean };

export const sharedModuleLoaders: Record<string, SharedModuleLoader> = {
  react: { loaded: react },
  'react/jsx-runtime': { loaded: reactJsxRuntime },
  'react-dom': { loaded: reactDom },
  'react-dom/client': { loaded: reactDomClient },
  'react-router': { loaded: reactRouter },
  '@app/platform': { loaded: platform },
  // preload: every remote takes it (their mf-manifest.json lists it), so a remote's first page starts it at once.
  '@tanstack/react-query': { load: () => import('@tanstack/react-query'), preload: true },
  zod: { load: () => import('zod'), preload: true },
  '@app/platform/app': { load: () => import('@app/platform/app'), preload: true },
  '@app/platform/forms': { load: () => import('@app/platform/forms') },
  '@app/platform/market': { load: () => import('@app/platform/market') },
};

/** A key's version: its own entry (`zod`) or its package's subpath entry (`react/` for `react/jsx-runtime`). */
export function singletonVersion(key: string, singletons: SingletonVersions) {
  const prefix = Object.keys(singletons)
    .filter((candidate) => candidate.endsWith('/') && key.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  const found = singletons[key] ?? (prefix ? singletons[prefix] : undefined);
  if (!found) throw new Error(`${key} is not a shared singleton (platform/build/webpack-config.js)`);
  return found;
}

export function sharedModules(singletons: SingletonVersions = __SHARED_SINGLETONS__): SharedOptions {
  return Object.fromEntries(
    Object.entries(sharedModuleLoaders).map(([key, loader]) => {
      const { version, requiredVersion } = singletonVersion(key, singletons);
      const base = { version, shareConfig: { singleton: true, requiredVersion } };
      if ('loaded' in loader) return [key, { ...base, lib: () => loader.loaded }];
      return [key, { ...base, get: () => loader.load().then((module) => () => module) }];
    }),
  );
}
