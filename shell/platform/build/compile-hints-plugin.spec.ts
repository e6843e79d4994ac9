/**
 * @jest-environment node
 */
// Every script a production build emits opens with V8's compile hint (compile-hints-plugin.js), its entry (main.js)
// too: after the minifier, which would drop a comment, and before the precompressed copies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { EntryPlugin, type Configuration } from 'webpack';
import { compileInMemory } from './compile-in-memory';
import { COMPILE_HINT, CompileHintsPlugin } from './compile-hints-plugin';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

describe('the compile hint on production scripts', () => {
  let folder: string;
  let files: Record<string, Buffer>;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
    writeFileSync(path.join(folder, 'page.js'), 'export function page(name) { return `a page for ${name}`; }\n');
    writeFileSync(path.join(folder, 'container.js'), 'self.container = { get: (name) => import("./page.js") };\n');
    writeFileSync(
      path.join(folder, 'entry.js'),
      '/* a comment the minifier drops */\nimport("./page.js").then(({ page }) => { document.title = page("you"); });\n',
    );
    const { stats, output } = await compileInMemory({
      mode: 'production',
      context: folder,
      entry: './entry.js',
      target: 'web',
      devtool: false,
      output: { path: '/out', filename: '[name].js', chunkFilename: '[name].[contenthash:8].js', publicPath: '/' },
      optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
      plugins: [
        new CompileHintsPlugin(),
        // An entry added by a plugin, as Module Federation adds a remote's container (remoteEntry.js).
        new EntryPlugin(folder, './container.js', { name: 'remoteEntry' }),
        new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', threshold: 0, minRatio: 1 }),
      ],
    });
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    files = Object.fromEntries(
      (output.readdirSync('/out') as string[]).map((name) => [name, output.readFileSync(`/out/${name}`) as Buffer]),
    );
  }, 60_000);

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('opens the entry, the lazy chunks and the container a plugin adds with the comment V8 reads', () => {
    const scripts = Object.keys(files).filter((name) => name.endsWith('.js'));
    const hinted = (name: string) => files[name].toString('utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    expect(hinted('main.js')).toBe(true);
    expect(hinted('remoteEntry.js')).toBe(true);
    const lazyChunks = scripts.filter((name) => name !== 'main.js' && name !== 'remoteEntry.js');
    expect(lazyChunks.length).toBeGreaterThan(0);
    for (const name of lazyChunks) expect(hinted(name)).toBe(true);
    // Minified code follows (the minifier ran before the hint).
    expect(files['main.js'].toString('utf8')).not.toContain('a comment the minifier drops');
  });

  it('is in the brotli copy the server sends', () => {
    for (const name of Object.keys(files).filter((file) => file.endsWith('.js'))) {
      const sent = brotliDecompressSync(files[`${name}.br`]).toString('utf8');
      expect(sent.startsWith(COMPILE_HINT)).toBe(true);
      expect(sent).toBe(files[name].toString('utf8'));
    }
  });

  it('is part of every production build of the shared configuration, and of no development build', async () => {
    const { default: configure } = (await import(path.join(repositoryRoot, 'mf-earn', 'webpack.config.js'))) as {
      default: (env: unknown, argv: { mode: string }) => Configuration | Configuration[];
    };
    const hinted = (mode: string) =>
      ([] as Configuration[])
        .concat(configure({}, { mode }))[0]
        .plugins!.some((plugin) => plugin instanceof CompileHintsPlugin);
    expect(hinted('production')).toBe(true);
    expect(hinted('development')).toBe(false);
  });
});
