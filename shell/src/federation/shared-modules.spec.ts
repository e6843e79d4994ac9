/**
 * @jest-environment node
 */
// The shell registers its own modules for the remotes: every share key the remotes consume must be among them, or a
// remote would bring a second React, router or session of its own.
import { sharedModuleLoaders, sharedModules, singletonVersion } from './shared-modules';

type Singletons = Record<string, { requiredVersion: string; version?: string }>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpackConfig = require('@app/platform/build/webpack-config') as { sharedSingletons(): Singletons };
const configured = webpackConfig.sharedSingletons();
const versions = Object.fromEntries(
  Object.entries(configured).map(([key, config]) => [
    key,
    { version: config.version ?? '1.0.0', requiredVersion: config.requiredVersion },
  ]),
);

describe('the modules the shell gives the remotes', () => {
  it('takes a subpath version from its package entry', () => {
    expect(singletonVersion('react/jsx-runtime', versions)).toEqual(versions['react/']);
    expect(singletonVersion('zod', versions)).toEqual(versions.zod);
    expect(() => singletonVersion('lodash', versions)).toThrow('lodash is not a shared singleton');
  });

  it('covers every key the platform shares (the remotes use react-router, not react-router-dom)', () => {
    const exactKeys = Object.keys(configured).filter((key) => !key.endsWith('/') && key !== 'react-router-dom');
    expect(Object.keys(sharedModuleLoaders)).toEqual(expect.arrayContaining(exactKeys));
  });

  it('registers singletons with the platform ranges', () => {
    const shared = sharedModules(versions);
    for (const key of Object.keys(sharedModuleLoaders)) {
      expect(shared[key]).toMatchObject({
        shareConfig: { singleton: true, requiredVersion: singletonVersion(key, versions).requiredVersion },
      });
    }
  });

  it('hands over the instances the shell has loaded and imports the others when a remote asks', async () => {
    const shared = sharedModules(versions) as Record<
      string,
      { lib?: () => unknown; get?: () => Promise<() => unknown> }
    >;
    expect(shared.react.lib?.()).toBe((sharedModuleLoaders.react as { loaded: unknown }).loaded);
    const zodFactory = await shared.zod.get?.();
    expect(zodFactory?.()).toHaveProperty('object');
  });
});
