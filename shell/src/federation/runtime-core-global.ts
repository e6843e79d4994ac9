import * as runtimeCore from '@module-federation/runtime-core';

/**
 * The global a remote built with `experiments.externalRuntime` reads the federation runtime core from (the plugin
 * makes `@module-federation/runtime-core` an external of that name): the whole module, as its own imports use it.
 */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

type RuntimeCoreHolder = { [RUNTIME_CORE_GLOBAL]?: typeof runtimeCore };

/**
 * Hands the remotes the runtime core the shell already runs (remotes-registry.ts imports this first), so no remote
 * entry brings its own copy. The standalone page of a remote does the same from its own script
 * (platform/build/federation-runtime-core.js). A core already there is kept: the first one in the page runs it.
 */
export function provideRuntimeCore(holder: RuntimeCoreHolder = globalThis as RuntimeCoreHolder): void {
  holder[RUNTIME_CORE_GLOBAL] ??= runtimeCore;
}

provideRuntimeCore();
