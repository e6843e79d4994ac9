// A remote's standalone page only (index.html loads it before main.js): the remotes are built with
// `experiments.externalRuntime`, so their entries read the federation runtime core from this global, which the shell
// fills in the composed app (shell/src/federation/runtime-core-global.ts). Built apart from the remote (webpack-config.js,
// standaloneRuntimeCoreConfig), so nothing of it reaches remoteEntry.js or the route chunks the shell loads.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
