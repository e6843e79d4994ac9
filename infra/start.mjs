// `npm start`: builds the frontends for production when their dist/ is missing or older than their
// sources (one per core at a time, a progress line per tenth, reusing webpack's cache), then runs the API and serves the shell (4200) and the four remotes (4201-4204).
// Ports move with API_PORT, SHELL_PORT, MF_EARN_PORT, MF_INVEST_PORT, MF_WALLET_PORT, MF_ADVERTISER_PORT.
// The shell's server proxies /api to the API and /remotes/<remote>/ to each remote's server, so the browser sees one
// origin, as behind the production proxy. Ctrl+C stops everything.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { frontends, portOf, serveFrontend } from './serve-static.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['0', '1', 'true', 'false']).optional().transform((value) => value === '1' || value === 'true');

const config = z
  .object({
    API_PORT: port.default(3000),
    SHELL_PORT: port.default(4200),
    MF_EARN_PORT: port.default(4201),
    MF_INVEST_PORT: port.default(4202),
    MF_WALLET_PORT: port.default(4203),
    MF_ADVERTISER_PORT: port.default(4204),
    /** Serve whatever dist/ holds, even if stale (CI builds once, then starts). */
    SKIP_BUILD: flag,
    /** Frontends only: the API runs elsewhere (API_URL). */
    NO_API: flag,
    API_URL: z.string().url().optional(),
  })
  .parse(process.env);

const colours = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m', '\x1b[31m'];
const reset = '\x1b[0m';
const useColour = process.stdout.isTTY;
function logger(name, index) {
  const prefix = useColour ? `${colours[index % colours.length]}[${name}]${reset}` : `[${name}]`;
  return (line) => console.log(`${prefix} ${line}`);
}
const log = logger('start', 5);

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

/** A frontend is stale when any of its sources (or the shared platform's) is newer than its build. */
function isStale(frontend) {
  // index.html is rewritten by every build (the output folder is cleaned first): it dates the build.
  const buildStamp = path.join(repositoryRoot, frontend.folder, 'dist', 'index.html');
  // A remote's build is its federation manifest too (the shell is no federation container and has none).
  const manifest = path.join(repositoryRoot, frontend.folder, 'dist', 'mf-manifest.json');
  if (!existsSync(buildStamp) || (frontend.app !== 'shell' && !existsSync(manifest))) return true;
  const inputs = [
    path.join(repositoryRoot, frontend.folder, 'src'),
    path.join(repositoryRoot, frontend.folder, 'webpack.config.js'),
    path.join(repositoryRoot, frontend.folder, 'package.json'),
    path.join(repositoryRoot, 'shell', 'platform', 'src'),
    path.join(repositoryRoot, 'shell', 'platform', 'build'),
    ...(frontend.app === 'shell' ? [path.join(repositoryRoot, 'shell', 'public')] : []),
  ];
  return Math.max(...inputs.map(newestModification)) > statSync(buildStamp).mtimeMs;
}

/** How many frontends build at once: one per core (BUILD_CONCURRENCY overrides), never more than are stale. */
function buildConcurrency(staleCount) {
  const requested = Number(process.env.BUILD_CONCURRENCY);
  const cores = Number.isInteger(requested) && requested > 0 ? requested : availableParallelism();
  return Math.max(1, Math.min(cores, staleCount));
}

function buildFrontend(frontend, index) {
  const frontendLog = logger(frontend.app, index);
  const started = Date.now();
  frontendLog('building for production…');
  return new Promise((resolve, reject) => {
    // BUILD_PROGRESS makes the webpack config print one line per tenth, prefixed here with the frontend's name.
    const build = spawn('npm', ['run', 'build', '--silent', '-w', `@app/${frontend.app}`], {
      cwd: repositoryRoot,
      env: { ...process.env, BUILD_PROGRESS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(build.stdout, (line) => line.trim() && frontendLog(line));
    pipeLines(build.stderr, (line) => line.trim() && frontendLog(line));
    build.on('error', reject);
    build.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`Building ${frontend.app} failed`));
      frontendLog(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

async function buildStaleFrontends() {
  const stale = [];
  for (const [index, frontend] of frontends.entries()) {
    if (!isStale(frontend)) continue;
    if (config.SKIP_BUILD) {
      if (!existsSync(path.join(repositoryRoot, frontend.folder, 'dist', 'index.html'))) throw new Error(`${frontend.folder}/dist is missing and SKIP_BUILD is set`);
      continue;
    }
    stale.push({ frontend, index });
  }
  if (stale.length === 0) return;
  const started = Date.now();
  const concurrency = buildConcurrency(stale.length);
  log(`building ${stale.map(({ frontend }) => frontend.app).join(', ')} (${concurrency} at a time)`);
  // A small pool: each worker takes the next stale frontend until none is left.
  const queue = [...stale];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await buildFrontend(next.frontend, next.index);
    }),
  );
  log(`frontends built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function pipeLines(stream, write) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach((line) => write(line));
  });
  stream.on('end', () => buffered && write(buffered));
}

const children = [];
const servers = [];
let stopping = false;

/** The process ids below a process (Linux /proc); npm → sh → node for the API. */
function descendantsOf(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return children.flatMap((child) => [child, ...descendantsOf(child)]);
  } catch {
    return [];
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM to the API's whole process tree, SIGKILL to whatever still runs 5 s later, then exit. The API
 * stays in this process's group on purpose: a Ctrl+C in the terminal, or a test runner killing the group,
 * reaches it too.
 */
async function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const server of servers) server.close();
  const tree = children.flatMap((child) => (child.pid === undefined ? [] : [child.pid, ...descendantsOf(child.pid)]));
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + 5000;
  while (tree.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  const stubborn = tree.filter(isAlive);
  if (stubborn.length > 0) log('the API did not stop within 5 s; killing it');
  for (const pid of stubborn) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
  }
  process.exit(exitCode);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function main() {
  const environment = { ...process.env, ...Object.fromEntries(Object.entries(config).filter(([, value]) => typeof value === 'number').map(([key, value]) => [key, String(value)])) };

  if (!config.NO_API) {
    const apiLog = logger('api', 0);
    const api = spawn('npm', ['run', 'start', '--silent', '-w', '@app/api'], {
      cwd: repositoryRoot,
      // The shell's server on this host is the API's proxy: the API trusts the client address it forwards.
      env: { TRUST_PROXY: 'loopback', ...environment, API_PORT: String(config.API_PORT) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(api);
    pipeLines(api.stdout, apiLog);
    pipeLines(api.stderr, apiLog);
    api.on('exit', (code, signal) => {
      if (stopping) return;
      apiLog(`exited (${signal ?? code}); the frontends keep running, /api answers 502 until it is back`);
    });
  }

  // The API starts while the frontends build: its start (migrations, projections) overlaps their builds.
  await buildStaleFrontends();
  for (const [index, frontend] of frontends.entries()) {
    const frontendLog = logger(frontend.app, index + 1);
    const server = await serveFrontend(frontend, environment, frontendLog);
    servers.push(server);
    frontendLog(`http://localhost:${portOf(frontend, environment)}${frontend.app === 'shell' ? ' (proxies /api to the API and /remotes/<remote>/ to the remotes)' : ''}`);
  }
  log(`the app is at http://localhost:${config.SHELL_PORT} — Ctrl+C stops everything`);
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  void stopAll(1);
});
