/**
 * @jest-environment node
 */
// zod's JIT stays off on every page (issue 45). zod-shared.mjs's `z.config({ jitless: true })` did not reach the
// shell's own pages: the shell's code takes that module as 'zod' (the host alias) for re-exported names only, so the
// bundler, taking it for side-effect free, resolved `z` straight to zod's files and left the call out, and a
// signed-in first page compiled a parser per object schema on the main thread. The API client sets zod's shared
// global config instead (src/api/zod-config.ts, a module with effects): these bundles show that it holds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { compileInMemory } from './compile-in-memory';
import { sharedSingletons } from './webpack-config';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

/** A production bundle (unminified) of `source`, resolved as the shell resolves 'zod'. */
async function bundle(source: string): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'zod-bundle-'));
  const entry = path.join(folder, 'entry.js');
  writeFileSync(entry, source);
  const compiled = compileInMemory({
    mode: 'production',
    entry,
    target: 'web',
    devtool: false,
    optimization: { minimize: false },
    output: { path: '/out', filename: 'main.js', publicPath: '/' },
    module: {
      rules: [
        { test: /\.tsx?$/, use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' } } } } },
      ],
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      modules: [path.join(repositoryRoot, 'node_modules')],
      alias: {
        zod$: sharedSingletons().zod.import,
        'zod-build': path.dirname(require.resolve('zod/package.json')),
      },
    },
  });
  try {
    const { stats, output } = await compiled;
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    return String(output.readFileSync('/out/main.js', 'utf8'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs a bundle in a fresh context and counts the functions it compiles from source (what zod's JIT does). */
function functionsCompiledBy(code: string): number {
  let compiled = 0;
  const context: Record<string, unknown> = { console };
  context.globalThis = context;
  context.self = context;
  context.Function = new Proxy(Function, {
    construct: (target, args) => (compiled++, Reflect.construct(target, args)),
    apply: (target, self, args) => (compiled++, Reflect.apply(target, self, args)),
  });
  runInNewContext(code, context);
  return compiled;
}

const parseAnObjectThrice = `
  import { z } from 'zod';
  const item = z.object({ id: z.string(), price: z.number(), tags: z.array(z.string()) });
  for (let parse = 0; parse < 3; parse++) item.parse({ id: 'a', price: 1, tags: ['b'] });
`;

describe("a production bundle of code that imports { z } from 'zod' as the shell resolves it", () => {
  it("parses without compiling parsers beside the API client, which every page runs before zod's chunks", async () => {
    const apiClient = path.join(__dirname, '..', 'src', 'api', 'api-client.ts');
    const code = await bundle(`import { createApiClient } from ${JSON.stringify(apiClient)};
      globalThis.client = createApiClient;
      ${parseAnObjectThrice}`);
    expect(functionsCompiledBy(code)).toBe(0);
  }, 120_000);

  it("compiles parsers without it: zod-shared.mjs's own config call is left out of such a bundle", async () => {
    // Why the API client sets the config: a count above 0 here is also the probe seeing zod's JIT at work.
    expect(functionsCompiledBy(await bundle(parseAnObjectThrice))).toBeGreaterThan(0);
  }, 120_000);
});
