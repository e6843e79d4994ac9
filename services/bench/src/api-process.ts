import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { PostgresEventStore } from '@app/event-store';

/** How the application is deployed for a run: one process doing everything (`npm start`), or an HTTP process beside a projection worker. */
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
  apiPid: number | undefined;
  workerPid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The whole application in its own process(es) (`api-server.ts`), on a free local port, against `databaseUrl`:
 * the load generator never shares the server's thread. BENCH_SERVER_CPU_PROFILE=<dir> writes V8 CPU profiles there.
 * `env` adds variables (say, rate limits lifted for the run). An unexpected exit is logged.
 */
export async function startApi(databaseUrl: string, topology: Topology, log: (line: string) => void, env: Record<string, string> = {}): Promise<RunningApi> {
  const profile = process.env.BENCH_SERVER_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROFILE}`] : [];
  // BENCH_SERVER_NODE_FLAGS: more flags for the server processes (say, --trace-gc with BENCH_SERVER_OUTPUT).
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const spawnRole = (role: 'all' | 'http' | 'worker'): ChildProcess =>
    // The young generation the API's start scripts and image give it (engagement README, Performance).
    spawn(process.execPath, ['--max-semi-space-size=64', ...profile, ...flags, '-r', '@swc-node/register', join(__dirname, 'api-server.ts')], {
      // Every benchmark client signs up from 127.0.0.1: the per-address sign-up limit would stop the 21st.
      env: { SIGN_UP_MAX_PER_ADDRESS: '100000', ...process.env, ...env, BENCH_SERVER_DATABASE_URL: databaseUrl, BENCH_SERVER_ROLE: role },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  const server = spawnRole(topology === 'one process' ? 'all' : 'http');
  const worker = topology === 'api + worker' ? spawnRole('worker') : undefined;
  let stopping = false;
  for (const [role, child] of [
    ['API', server],
    ['worker', worker],
  ] as const) {
    // Keep reading what the processes print, so they never block on a full pipe. BENCH_SERVER_OUTPUT=<prefix> keeps it
    // (say, BENCH_SERVER_LOOP_DELAY=1's event-loop delay lines) in `<prefix>-API` and `<prefix>-worker`.
    if (process.env.BENCH_SERVER_OUTPUT) child?.stdout?.pipe(createWriteStream(`${process.env.BENCH_SERVER_OUTPUT}-${role}`, { flags: 'a' }));
    else child?.stdout?.resume();
    child?.once('exit', (code, signal) => {
      if (!stopping) log(`the ${role} process exited unexpectedly (code ${code}, signal ${signal})`);
    });
  }
  const stop = async () => {
    stopping = true;
    await Promise.all(
      [server, worker].map(async (child) => {
        if (!child || child.exitCode !== null) return;
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }),
    );
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      server.once('exit', (code) => reject(new Error(`The API process exited with code ${code} before listening`)));
    });
    return { base: `http://127.0.0.1:${port}`, apiPid: server.pid, workerPid: worker?.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Waits until every projection has caught up with the log: a scenario then starts from a quiet system, so the
 * projection work it causes is charged to it and not to the next one.
 */
export async function projectionsCaughtUp(pool: pg.Pool, eventStore: PostgresEventStore): Promise<void> {
  for (;;) {
    const head = await eventStore.headCheckpoint();
    const rows = await pool.query<{ behind: boolean }>('SELECT (transaction_id, position) < ($1::bigint, $2::bigint) AS behind FROM projection_checkpoints', [
      head.transactionId.toString(),
      head.position.toString(),
    ]);
    if (rows.rows.length > 0 && rows.rows.every((row) => !row.behind)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
