import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import type { PostgresEventStore } from '@app/event-store';
import { API_DIRECTORY, apiBuildToRun, builtApiDirectory, ensureBuiltApi, type ApiBuild } from './api-build';
import { ProcessWatch, type Watched } from './process-watch';

/**
 * How the application is deployed for a run: one process doing everything (`npm start`), or an HTTP process beside a
 * projection worker.
 */
export type Topology = 'one process' | 'api + worker';

export const TOPOLOGIES: readonly Topology[] = ['one process', 'api + worker'];

/** BENCH_TOPOLOGY=all|http runs one deployment only (`all` = one process, `http` = api + worker); both otherwise. */
export function topologiesToRun(): Topology[] {
  const only = process.env.BENCH_TOPOLOGY;
  if (only === 'all') return ['one process'];
  if (only === 'http') return ['api + worker'];
  return [...TOPOLOGIES];
}

export interface RunningApi {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Which API runs (BENCH_API). */
  build: ApiBuild;
  /** The current processes' ids (they change when `killAndRestart` starts a process again). */
  readonly apiPid: number | undefined;
  readonly workerPid: number | undefined;
  /**
   * `kill -9` one process and start it again at once, the API on the same port: resolves when the new API listens
   * (the new worker: once started), with the times (performance.now()) it was killed and was back.
   */
  killAndRestart(role: 'API' | 'worker'): Promise<{ killedAt: number; backAt: number }>;
  /**
   * Rejects (an UnexpectedExit naming the process, its exit code or signal and its last lines) as soon as the API or
   * the worker exits without `killAndRestart` or `stop` having asked it to; never settles otherwise. Reading it hands
   * the report to the caller (its race throws the error): `startApi` then logs nothing of that exit.
   */
  readonly failed: Promise<never>;
  stop(): Promise<void>;
}

type Role = 'all' | 'http' | 'worker';

/**
 * The server's command line: the built entry point (as the image runs it), or `api-server.ts` through @swc-node.
 * `dataDirectory` is its DATA_DIR (the digest signing key lives there).
 */
function serverCommand(
  build: ApiBuild,
  role: Role,
  where: { databaseUrl: string; port: number; dataDirectory: string },
  env: Record<string, string>,
): { args: string[]; cwd?: string; env: NodeJS.ProcessEnv } {
  const { databaseUrl, port, dataDirectory } = where;
  const profileDirectory = process.env.BENCH_SERVER_CPU_PROFILE;
  const profile = profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [];
  // BENCH_SERVER_NODE_FLAGS: more flags for the server processes (say, --trace-gc with BENCH_SERVER_OUTPUT).
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  // The young generation the API's start scripts and image give it (engagement README, Performance).
  const node = ['--max-semi-space-size=64', ...profile, ...flags, '-r', join(__dirname, 'server-probes.js')];
  // Every benchmark client signs up from 127.0.0.1: the per-address sign-up limit would stop the 21st.
  const base = { SIGN_UP_MAX_PER_ADDRESS: '100000', ...process.env, ...env };
  if (build === 'source') {
    return {
      args: [...node, '-r', '@swc-node/register', join(__dirname, 'api-server.ts')],
      // @swc-node/register reads the tsconfig.json of its working directory (decorators on): this package's, as under
      // `npm run bench:*`, also when the benchmark runs from elsewhere (jest from the repository's root).
      cwd: join(__dirname, '..'),
      env: {
        ...base,
        BENCH_SERVER_DATABASE_URL: databaseUrl,
        BENCH_SERVER_ROLE: role,
        BENCH_SERVER_PORT: String(port),
        BENCH_SERVER_DATA_DIR: dataDirectory,
      },
    };
  }
  const server = {
    DATABASE_URL: databaseUrl,
    PROCESS_ROLE: role,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    DATA_DIR: dataDirectory,
    REDIS_URL: '',
  };
  const entry = join(builtApiDirectory(), role === 'worker' ? 'worker.js' : 'main.js');
  return { args: [...node, entry], cwd: API_DIRECTORY, env: { ...base, ...server, BENCH_SERVER_ROLE: role } };
}

/**
 * The port, once the server says it listens (`listening <port>`, or main.js's `API listening on <url>`). An exit before
 * that rejects; when it was unexpected the ProcessWatch, listening since the spawn, has already said why.
 */
function listeningPort(server: ChildProcess): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (?:on \S+?:)?(\d+)/.exec(output);
      if (!match) return;
      server.stdout!.off('data', read);
      resolve(Number(match[1]));
    };
    server.stdout!.on('data', read);
    server.once('close', (code) => reject(new Error(`The API process exited with code ${code} before listening`)));
  });
}

/**
 * The whole application in its own process(es) on a local port (any free one), against `databaseUrl`: the load
 * generator never shares the server's thread. BENCH_API says which build (`api-build.ts`),
 * BENCH_SERVER_CPU_PROFILE=<dir> writes V8 CPU profiles there. `env` adds variables (say, rate limits lifted for the
 * run). An unexpected exit is reported once, as an UnexpectedExit (which process, its exit code or signal, its last
 * lines): thrown by `startApi` while it starts; afterwards through `failed` to a caller that reads it, or else logged.
 */
export async function startApi(
  databaseUrl: string,
  topology: Topology,
  log: (line: string) => void,
  env: Record<string, string> = {},
): Promise<RunningApi> {
  const build = apiBuildToRun();
  if (build === 'built') ensureBuiltApi(log);
  const processes: Record<'API' | 'worker', ChildProcess | undefined> = { API: undefined, worker: undefined };
  // One DATA_DIR per role, kept when a process is killed and started again (as a host's disk would be), and removed
  // by `stop`: it holds a signing key, and every run would otherwise leave a directory behind.
  const dataDirectories = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const watch = new ProcessWatch();
  const exits = reportedOnce(watch, log);
  const watched = new WeakMap<ChildProcess, Watched>();
  let stopped = false;
  let port = 0;
  const spawnRole = async (role: 'API' | 'worker') => {
    // A restart that comes after `stop` (a fault in flight when the run failed) would leave a process behind.
    if (stopped) throw new Error(`The ${role} process is not started again: the run is stopping`);
    const processRole = role === 'worker' ? 'worker' : topology === 'one process' ? 'all' : 'http';
    const dataDirectory = join(dataDirectories, role);
    mkdirSync(dataDirectory, { recursive: true });
    const command = serverCommand(build, processRole, { databaseUrl, port, dataDirectory }, env);
    const stdio: ['ignore', 'pipe', 'pipe'] = ['ignore', 'pipe', 'pipe'];
    const child = spawn(process.execPath, command.args, { cwd: command.cwd, env: command.env, stdio });
    processes[role] = child;
    // Before any other listener: an unexpected exit is named, with its last lines, before anything else sees it.
    watched.set(child, watch.child(`${role} process`, child));
    // Its stderr is read for the watch's tail, and still shown as it comes.
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    // Keep reading what the processes print, so they never block on a full pipe. BENCH_SERVER_OUTPUT=<prefix> keeps it
    // (say, BENCH_SERVER_LOOP_DELAY=1's event-loop delay lines) in `<prefix>-API` and `<prefix>-worker`.
    const keep = process.env.BENCH_SERVER_OUTPUT;
    if (keep) child.stdout!.pipe(createWriteStream(`${keep}-${role}`, { flags: 'a' }));
    if (role === 'API') port = await Promise.race([listeningPort(child), watch.failed]);
    if (!keep) child.stdout!.resume();
  };
  const stopProcess = (child: ChildProcess | undefined, signal: NodeJS.Signals) =>
    stopWatched(child, child && watched.get(child), signal);
  const stop = async () => {
    stopped = true;
    watch.close();
    await Promise.all([stopProcess(processes.API, 'SIGTERM'), stopProcess(processes.worker, 'SIGTERM')]);
    rmSync(dataDirectories, { recursive: true, force: true });
  };
  try {
    await Promise.all([spawnRole('API'), topology === 'api + worker' ? spawnRole('worker') : undefined]);
  } catch (error) {
    await stop();
    throw error;
  }
  exits.started();
  return {
    base: `http://127.0.0.1:${port}`,
    build,
    get apiPid() {
      return processes.API?.pid;
    },
    get workerPid() {
      return processes.worker?.pid;
    },
    async killAndRestart(role) {
      const killedAt = performance.now();
      await stopProcess(processes[role], 'SIGKILL');
      await spawnRole(role);
      return { killedAt, backAt: performance.now() };
    },
    get failed() {
      return exits.reportedByCaller();
    },
    stop,
  };
}

/**
 * Who reports an unexpected exit `watch` sees, so that it is reported once (its message printed twice buried the lines
 * after it): `startApi`'s rejection while it starts, then the caller once it has read `failed` (its race throws the
 * error), this log otherwise (a benchmark that does not race `failed` would only see its requests refused).
 */
function reportedOnce(watch: ProcessWatch, log: (line: string) => void) {
  let starting = true;
  let callerReports = false;
  watch.failed.catch((error: Error) => {
    if (!starting && !callerReports) log(error.message);
  });
  return {
    started: () => void (starting = false),
    reportedByCaller: (): Promise<never> => {
      callerReports = true;
      return watch.failed;
    },
  };
}

/** Stops a process on purpose (`watched` told first, so its exit stays silent); resolves once it has exited. */
async function stopWatched(child: ChildProcess | undefined, watched: Watched | undefined, signal: NodeJS.Signals) {
  if (!child) return;
  watched?.expectExit();
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * Waits until every projection has caught up with the log: a scenario then starts from a quiet system, so the
 * projection work it causes is charged to it and not to the next one.
 */
export async function projectionsCaughtUp(pool: pg.Pool, eventStore: PostgresEventStore): Promise<void> {
  for (;;) {
    const head = await eventStore.headCheckpoint();
    const rows = await pool.query<{ behind: boolean }>(
      'SELECT (transaction_id, position) < ($1::bigint, $2::bigint) AS behind FROM projection_checkpoints',
      [head.transactionId.toString(), head.position.toString()],
    );
    if (rows.rows.length > 0 && rows.rows.every((row) => !row.behind)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
