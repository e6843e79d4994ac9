/**
 * @jest-environment node
 */
// The shared configuration's rule for the frontends' own sources fails a build that imports a name its module does
// not export (the shell's 'react-router' is a trimmed entry: a missing name was undefined in the browser).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Configuration, RuleSetRule } from 'webpack';
import { compileInMemory } from './compile-in-memory';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

async function sourceRule(): Promise<RuleSetRule> {
  const { default: configure } = (await import(path.join(repositoryRoot, 'shell', 'webpack.config.js'))) as {
    default: (env: unknown, argv: { mode: string }) => Configuration | Configuration[];
  };
  const config = ([] as Configuration[]).concat(configure({}, { mode: 'production' }))[0];
  return (config.module!.rules as RuleSetRule[]).find(
    (rule) => rule.use && JSON.stringify(rule.use).includes('swc-loader'),
  )!;
}

describe("an import of a name a module does not export, in the frontends' own code", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'exports-presence-'));
    writeFileSync(path.join(folder, 'router.mjs'), 'export const Link = "a link";\n');
    writeFileSync(path.join(folder, 'present.ts'), 'import { Link } from "./router.mjs";\ndocument.title = Link;\n');
    writeFileSync(
      path.join(folder, 'missing.ts'),
      'import { matchPath } from "./router.mjs";\ndocument.title = String(matchPath);\n',
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const build = async (entry: string) =>
    (
      await compileInMemory({
        mode: 'production',
        context: folder,
        entry: `./${entry}`,
        target: 'web',
        devtool: false,
        output: { path: '/out' },
        optimization: { minimize: false },
        resolveLoader: { modules: [path.join(repositoryRoot, 'node_modules')] },
        module: { rules: [await sourceRule()] },
      })
    ).stats;

  it('fails the build, naming the import', async () => {
    const stats = await build('missing.ts');
    expect(stats.hasErrors()).toBe(true);
    expect(stats.toString('errors-only')).toContain("export 'matchPath' (imported as 'matchPath') was not found");
  }, 60_000);

  it('builds when every imported name is there (the control)', async () => {
    const stats = await build('present.ts');
    expect(stats.toString('errors-warnings')).not.toMatch(/ERROR|WARNING/);
  }, 60_000);
});
