import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Which API a benchmark runs: `built` is what production runs (`npm run build -w @app/api`, then `node dist/main.js`
 * and `dist/worker.js`, as infra/docker/api.Dockerfile does); `source` is `npm start`'s way, the TypeScript source
 * through @swc-node/register, which also keeps the transpiled source, inline source maps and the TypeScript compiler
 * in the heap.
 */
export type ApiBuild = 'built' | 'source';

/** BENCH_API=built|source; `fallback` when unset (`npm run bench:quick` sets built, the full benchmarks source). */
export function apiBuildToRun(fallback: ApiBuild = 'source'): ApiBuild {
  const chosen = process.env.BENCH_API;
  if (chosen === undefined || chosen === '') return fallback;
  if (chosen !== 'built' && chosen !== 'source') throw new Error(`BENCH_API must be built or source, not ${chosen}`);
  return chosen;
}

export const API_DIRECTORY = dirname(require.resolve('@app/api/package.json'));

/**
 * Where the built API is: `dist`, or BENCH_API_DIST (another build of the API inside services/api, say one of the
 * commit before a change, for measuring both back to back; it is used as it is, never rebuilt).
 */
export function builtApiDirectory(): string {
  return process.env.BENCH_API_DIST ? resolve(API_DIRECTORY, process.env.BENCH_API_DIST) : join(API_DIRECTORY, 'dist');
}

/** What the output says it measured. */
export function describeApi(build: ApiBuild): string {
  if (build === 'source') return 'API from source (node -r @swc-node/register, as npm start runs it)';
  const directory = relative(API_DIRECTORY, builtApiDirectory());
  return `built API (node ${directory}/main.js + ${directory}/worker.js, as the image runs it)`;
}

/** What the built API is made of: its own source and the workspace packages the build packs beside it. */
const BUILD_INPUTS = [
  join(API_DIRECTORY, 'src'),
  join(API_DIRECTORY, 'scripts'),
  ...['@app/event-store', '@app/contracts'].map((name) => dirname(require.resolve(`${name}/package.json`))),
];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/**
 * Builds the API with its own build script when `dist/main.js` is missing or older than any of its inputs, so a
 * benchmark of the built API never measures yesterday's code. The build takes a minute or more on a busy machine;
 * it is not part of any measurement.
 */
export function ensureBuiltApi(log: (line: string) => void): void {
  if (process.env.BENCH_API_DIST) return;
  let builtAt: number | undefined;
  try {
    builtAt = statSync(join(builtApiDirectory(), 'main.js')).mtimeMs;
  } catch {
    builtAt = undefined;
  }
  if (builtAt !== undefined && BUILD_INPUTS.every((input) => newestChange(input) <= builtAt)) return;
  const why = builtAt === undefined ? 'no build yet' : 'the API changed since its last build';
  log(`${why}: building it (npm run build -w @app/api)`);
  const started = performance.now();
  const built = spawnSync('npm', ['run', 'build'], { cwd: API_DIRECTORY, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`npm run build -w @app/api failed (exit code ${built.status})`);
  log(`built the API in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The checked-out commit, with `+changes` when the work tree differs from it: what a results file names. */
export function currentCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: API_DIRECTORY, encoding: 'utf8' }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}
