/**
 * @jest-environment node
 */
// `npm run dev` in a remote's folder (`webpack serve --mode development`) is how a feature team works on it alone: its
// development build must compile without errors, every chunk in a file of its own.
import path from 'node:path';
import { createFsFromVolume, Volume } from 'memfs';
import webpack, { type Configuration, type Stats } from 'webpack';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

type ConfigureWebpack = (env: unknown, argv: { mode: string }) => Configuration | Configuration[];

async function developmentBuild(frontend: string): Promise<Stats> {
  const { default: configure } = (await import(path.join(repositoryRoot, frontend, 'webpack.config.js'))) as {
    default: ConfigureWebpack;
  };
  const configs = ([] as Configuration[]).concat(configure({}, { mode: 'development' }));
  // The remote's own compilation (its standalone runtime core script is another, without shared modules).
  const compiler = webpack(configs[0]);
  compiler.outputFileSystem = createFsFromVolume(new Volume()) as unknown as typeof compiler.outputFileSystem;
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve(stats);
    }),
  );
}

describe("a remote's development build", () => {
  it('compiles without errors, no two chunks sharing a file name', async () => {
    const stats = await developmentBuild('mf-earn');
    const { errors = [], chunks = [] } = stats.toJson({ all: false, errors: true, chunks: true });
    expect(errors.map((error) => error.message)).toEqual([]);
    const files = chunks.flatMap((chunk) => chunk.files ?? []);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toContain('remoteEntry.js');
  }, 120_000);
});
