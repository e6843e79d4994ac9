// The frontends share zod-shared.mjs under the key 'zod' (issue 45): zod's entry less `core`, `locales`, the JSON
// Schema conversions and the ahead-of-time compiler. Browser code that used one of those would find it undefined.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');
const browserSources = [
  'shell/src',
  'shell/platform/src',
  'mf-earn/src',
  'mf-invest/src',
  'mf-wallet/src',
  'mf-advertiser/src',
  'services/contracts/src',
];
const left = [
  'core',
  'locales',
  'fromJSONSchema',
  'toJSONSchema',
  'compile',
  'withParser',
  'INVALID',
  'ZodCompileAsyncError',
  'ZodCompileUnsupportedError',
];

/** An export clause (`{ a, b } @ from`, `* as name @ from`) without the names left out; null when none is left. */
function withoutLeft(clause: string): string | null {
  const namespace = /^\* as (\w+) @/.exec(clause);
  if (namespace) return left.includes(namespace[1]) ? null : clause;
  const [, names, from] = /^\{ (.*) \} @ (.*)$/.exec(clause) ?? [];
  if (names === undefined) return clause;
  const kept = names.split(', ').filter((name) => !left.includes(name));
  return kept.length > 0 ? `{ ${kept.join(', ')} } @ ${from}` : null;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * What a fresh Node.js process sees when it imports `module` as an ES module (as webpack bundles it, 'zod-build' being
 * the zod package's folder), builds an object schema and parses with it a few times: zod's global `jitless`, and how
 * many functions were compiled from source (`new Function`, counted through a proxy on the global), which is what the
 * JIT does. A process of its own: zod keeps its config on `globalThis`, which a test's other imports could have set.
 */
function parsingIn(module: string): { jitless: boolean; functionsCompiled: number } {
  const script = `
    import { registerHooks } from 'node:module';
    import { join } from 'node:path';
    import { pathToFileURL } from 'node:url';
    const [module, zodFolder] = process.argv.slice(1);
    registerHooks({
      resolve: (specifier, context, nextResolve) =>
        nextResolve(specifier.startsWith('zod-build/')
          ? pathToFileURL(join(zodFolder, specifier.slice('zod-build/'.length))).href
          : specifier, context),
    });
    let functionsCompiled = 0;
    globalThis.Function = new Proxy(Function, {
      construct: (target, args) => (functionsCompiled++, Reflect.construct(target, args)),
    });
    const { z } = await import(module);
    const item = z.object({ id: z.string(), price: z.number(), tags: z.array(z.string()) });
    for (let parse = 0; parse < 3; parse++) item.parse({ id: 'a', price: 1, tags: ['b'] });
    console.log(JSON.stringify({ jitless: z.config().jitless === true, functionsCompiled }));`;
  const zodFolder = path.dirname(require.resolve('zod/package.json'));
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, module, zodFolder], {
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('the shared zod module', () => {
  it('parses without compiling parsers (jitless, set before any schema is built), where the package compiles them', () => {
    const shared = path.join(__dirname, 'zod-shared.mjs');
    expect(parsingIn(shared)).toEqual({ jitless: true, functionsCompiled: 0 });
    // The same probe on the zod package itself sees its JIT at work: a count of 0 above is not the probe missing it.
    const zodEntry = path.join(path.dirname(require.resolve('zod/package.json')), 'index.js');
    const compiling = parsingIn(zodEntry);
    expect(compiling.jitless).toBe(false);
    expect(compiling.functionsCompiled).toBeGreaterThan(0);
  });

  it('is zod/v4/classic/external.js without core, locales, the JSON Schema conversions and the compiler', () => {
    // Each export clause with its module as a path under zod/v4 (classic/schemas.js, core/index.js), quotes alike.
    const clauses = (text: string, base: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('export '))
        .map((line) => {
          const [, clause, from] = /^export (.*?)\s*from ['"](.*)['"];$/.exec(line) ?? [];
          return `${clause.replace(/,\s*\}/, ' }').replace(/\s+/g, ' ')} @ ${path.posix.join(base, from).replace(/^zod-build\/v4\//, '')}`;
        });
    const zodFolder = path.dirname(require.resolve('zod/package.json'));
    const external = clauses(readFileSync(path.join(zodFolder, 'v4/classic/external.js'), 'utf8'), 'classic')
      .map(withoutLeft)
      .filter((clause) => clause !== null);
    const shared = clauses(readFileSync(path.join(__dirname, 'zod-shared-external.mjs'), 'utf8'), '.');
    expect(shared.length).toBeGreaterThan(10);
    expect(shared).toEqual(external);
  });

  it("gives zod's classic schemas, in place of its JSON Schema conversion, every name they read from it", async () => {
    const zodFolder = path.dirname(require.resolve('zod/package.json'));
    const schemas = readFileSync(path.join(zodFolder, 'v4/classic/schemas.js'), 'utf8');
    const [, namespace] = /import \* as (\w+) from "\.\.\/core\/json-schema-processors\.js"/.exec(schemas) ?? [];
    expect(namespace).toBeDefined();
    const fromProcessors = [...schemas.matchAll(new RegExp(`(?<![\\w-])${namespace}\\.(\\w+)`, 'g'))].map(
      (match) => match[1],
    );
    const [, methods] = /import \{([^}]*)\} from "\.\.\/core\/to-json-schema\.js"/.exec(schemas) ?? [];
    const fromConversion = (methods ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    expect(fromProcessors.length).toBeGreaterThan(30);
    expect(fromConversion.length).toBeGreaterThan(0);
    // Every other import of schemas.js from zod's core is left as it is: only these two files are stood in for.
    const stub = readFileSync(path.join(__dirname, 'zod-json-schema-browser.mjs'), 'utf8');
    const exported = new Set(
      [...stub.matchAll(/^export (?:const|function) (\w+)|^export \{ (\w+) \}/gm)].map((match) => match[1] ?? match[2]),
    );
    expect([...new Set([...fromProcessors, ...fromConversion])].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('has no browser code reading what it leaves out', () => {
    const pattern = new RegExp(
      `\\bz\\.(${left.join('|')})\\b|import\\s*\\{[^}]*\\b(${left.join('|')})\\b[^}]*\\}\\s*from\\s*'zod'|\\.toJSONSchema\\(|\\bjsonSchema\\.(input|output)\\(`,
    );
    const offenders = browserSources
      .flatMap((folder) => sourceFiles(path.join(repositoryRoot, folder)))
      .filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
