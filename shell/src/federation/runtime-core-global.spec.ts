// The remotes are built without the federation runtime core (experiments.externalRuntime): the shell must have put
// its own in the global they read before any remote entry runs.
import * as runtimeCore from '@module-federation/runtime-core';
import { RUNTIME_CORE_GLOBAL, provideRuntimeCore } from './runtime-core-global';

type Holder = Record<string, unknown>;

// The shell's shared modules are beside the point here (their versions come from the build).
jest.mock('./shared-modules', () => ({ sharedModules: () => ({}), sharedModuleLoaders: {} }));

afterEach(() => {
  delete (globalThis as Holder)[RUNTIME_CORE_GLOBAL];
});

describe('the federation runtime core the shell provides to the remotes', () => {
  it('is in the global once the remotes registry is loaded, before any remote is', async () => {
    delete (globalThis as Holder)[RUNTIME_CORE_GLOBAL];
    let shellsCore: typeof runtimeCore | undefined;
    await jest.isolateModulesAsync(async () => {
      await import('./remotes-registry');
      shellsCore = await import('@module-federation/runtime-core');
    });
    const provided = (globalThis as Holder)[RUNTIME_CORE_GLOBAL] as typeof runtimeCore;
    // The very core the shell's runtime was started with, whole: a remote's bundled runtime imports parts of it.
    expect(provided.ModuleFederation).toBe(shellsCore?.ModuleFederation);
    expect(provided.getRemoteEntry).toBe(shellsCore?.getRemoteEntry);
    expect(provided.helpers).toBe(shellsCore?.helpers);
  });

  it('keeps a core already in the page', () => {
    const existing = { ModuleFederation: class {} };
    const holder: Holder = { [RUNTIME_CORE_GLOBAL]: existing };
    provideRuntimeCore(holder);
    expect(holder[RUNTIME_CORE_GLOBAL]).toBe(existing);
  });
});
