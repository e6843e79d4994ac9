// The browser builds defer the contracts' schemas and routes to their first use (lazy-contracts-loader.js): the
// deferred value must behave as the value itself wherever the frontends use one, and the loader must wrap exactly the
// constants that hold a schema or a route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { z } from 'zod';
import { lazyContract } from './lazy-contract';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deferContracts } = require('./lazy-contracts-loader.js') as {
  deferContracts: (source: string, file: string) => string;
};

const contractsFolder = path.resolve(__dirname, '..', '..', '..', 'services', 'contracts', 'src');

describe('lazyContract', () => {
  it('builds its value on first use, once, and then parses as it', () => {
    let builds = 0;
    const ItemSchema = lazyContract(() => {
      builds += 1;
      return z.object({ id: z.string(), amount: z.number().int().nonnegative() });
    });
    const ListSchema = lazyContract(() => z.object({ items: z.array(ItemSchema) }));
    expect(builds).toBe(0);

    expect(ListSchema.parse({ items: [{ id: 'a', amount: 3 }] })).toEqual({ items: [{ id: 'a', amount: 3 }] });
    expect(ListSchema.safeParse({ items: [{ id: 'a', amount: -1 }] }).success).toBe(false);
    expect(ItemSchema.safeParse({ id: 'b', amount: 1 }).success).toBe(true);
    expect(builds).toBe(1);
  });

  it('is a zod schema to instanceof, to extend and to the keys of its shape', () => {
    const BaseSchema = lazyContract(() => z.object({ id: z.string() }));
    const Extended = BaseSchema.extend({ note: z.string().optional() });
    expect(BaseSchema instanceof z.ZodType).toBe(true);
    expect(Object.keys(BaseSchema.shape)).toEqual(['id']);
    expect(Extended.parse({ id: 'x', note: 'y' })).toEqual({ id: 'x', note: 'y' });
    expect(z.object({ nested: BaseSchema.optional() }).parse({})).toEqual({});
  });

  it('stands in for a shape spread into an object schema', () => {
    const fieldShape = lazyContract(() => ({ title: z.string().min(1) }));
    const DraftSchema = z.object({ ...fieldShape, note: z.string() });
    expect(DraftSchema.safeParse({ title: 'x', note: '' }).success).toBe(true);
    expect(DraftSchema.safeParse({ title: '', note: '' }).success).toBe(false);
  });

  it('stands in for a plain object (a route): keys, spread, JSON and `in`', () => {
    const route = lazyContract(() => ({ kind: 'route', method: 'get', path: '/api/drops' }));
    expect(Object.keys(route)).toEqual(['kind', 'method', 'path']);
    expect({ ...route }).toEqual({ kind: 'route', method: 'get', path: '/api/drops' });
    expect(JSON.parse(JSON.stringify(route))).toEqual({ kind: 'route', method: 'get', path: '/api/drops' });
    expect('path' in route).toBe(true);
  });
});

describe('the lazy-contracts loader', () => {
  const routesSource = readFileSync(path.join(contractsFolder, 'drops', 'routes.ts'), 'utf8');

  it('wraps every route and schema constant of a contracts file and leaves the rest as it was', () => {
    const deferred = deferContracts(routesSource, 'routes.ts');
    const routeCount = routesSource.match(/^export const \w+ = \/\*#__PURE__\*\/ defineRoute\(/gm)?.length ?? 0;
    expect(routeCount).toBeGreaterThan(5);
    expect(deferred.match(/__lazyContract\(\(\) => \(defineRoute\(/g)?.length).toBe(routeCount);
    expect(deferred).toContain('const DropParams = /*#__PURE__*/ __lazyContract(() => (z.object(');
    // Helpers that return routes are functions, called later: not values to defer.
    expect(deferred).toContain('const reviewRoute = (action');
    expect(deferred.split('\n')).toHaveLength(routesSource.split('\n').length);
  });

  it('defers a schema derived from a schema and a shape of schemas, and not a plain constant', () => {
    const source = [
      "import { z } from 'zod';",
      "export const KINDS = ['a', 'b'] as const;",
      'export const KindSchema = z.enum(KINDS);',
      'export const WithKindSchema = KindSchema.optional();',
      'export const LIMITS = Object.freeze({ max: 3 });',
      'const fieldShape = { title: z.string(), kind: KindSchema };',
      "const labels = { title: 'Title' };",
    ].join('\n');
    const deferred = deferContracts(source, 'http.ts');
    expect(deferred).toContain("export const KINDS = ['a', 'b'] as const;");
    expect(deferred).toContain('KindSchema = /*#__PURE__*/ __lazyContract(() => (z.enum(KINDS)))');
    expect(deferred).toContain('WithKindSchema = /*#__PURE__*/ __lazyContract(() => (KindSchema.optional()))');
    expect(deferred).toContain('export const LIMITS = Object.freeze({ max: 3 });');
    expect(deferred).toContain(
      'fieldShape = /*#__PURE__*/ __lazyContract(() => ({ title: z.string(), kind: KindSchema }))',
    );
    expect(deferred).toContain("const labels = { title: 'Title' };");
  });

  it('leaves valid TypeScript in every contracts file', () => {
    const files = ts.sys.readDirectory(contractsFolder, ['.ts']).filter((file) => !file.endsWith('.spec.ts'));
    expect(files.length).toBeGreaterThan(30);
    const broken = files.filter((file) => {
      const output = ts.transpileModule(deferContracts(readFileSync(file, 'utf8'), file), {
        reportDiagnostics: true,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      });
      return (output.diagnostics ?? []).length > 0;
    });
    expect(broken).toEqual([]);
  });
});
