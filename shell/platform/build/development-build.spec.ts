/**
 * @jest-environment node
 */
// `npm run dev` in a remote's folder (`webpack serve --mode development`) is how a feature team works on it alone: its
// development build must compile without errors, every chunk in a file of its own.
import path from 'node:path';
import type { Configuration, Stats } from 'webpack';
import { compileInMemory } from './compile-in-memory';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

type ConfigureWebpack = (env: unknown, argv: { mode: string }) => Configuration | Configuration[];

async function developmentBuild(frontend: string): Promise<Stats> {
  const { default: configure } = (await import(path.join(repositoryRoot, frontend, 'webpack.config.js'))) as {
    default: ConfigureWebpack;
  };
  const configs = ([] as Configuration[]).concat(configure({}, { mode: 'development' }));
  // The remote's own compilation (its standalone runtime core script is another, without shared modules).
  return (await compileInMemory(configs[0])).stats;
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
