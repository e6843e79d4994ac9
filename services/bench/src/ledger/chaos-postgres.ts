import { execFile } from 'node:child_process';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ProcessWatch, Watched } from '../process-watch';

const execFileAsync = promisify(execFile);

/** A Debian PostgreSQL cluster (`pg_ctlcluster <version> <name> …`): the chaos run's private one, never the shared. */
export interface PostgresCluster {
  version: string;
  name: string;
}

/** Where a cluster keeps its data (its `postmaster.pid`) and its log, as `pg_lsclusters --json` lists it. */
export function clusterFiles(
  listing: string,
  cluster: PostgresCluster,
): { dataDirectory: string; logFile: string | undefined } {
  const clusters = JSON.parse(listing) as {
    version: number | string;
    cluster: string;
    pgdata: string;
    logfile?: string;
  }[];
  const found = clusters.find((entry) => String(entry.version) === cluster.version && entry.cluster === cluster.name);
  if (!found) throw new Error(`pg_lsclusters does not list the cluster ${cluster.version}/${cluster.name}`);
  return { dataDirectory: found.pgdata, logFile: found.logfile };
}

/** The last `maxLines` lines of a file, reading at most its last `maxBytes`: a server log can be large. */
export function lastLinesOf(file: string, maxLines = 20, maxBytes = 16_384): string[] {
  const descriptor = openSync(file, 'r');
  try {
    const size = fstatSync(descriptor).size;
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    readSync(descriptor, buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    // The first line read may be cut; the file's last newline leaves an empty string.
    if (length < size) lines.shift();
    if (lines.at(-1) === '') lines.pop();
    return lines.slice(-maxLines);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Watches the cluster's postmaster (the pid in its `postmaster.pid`) in `watch`: it is pg_ctlcluster's daemon, not a
 * child, so the watch polls it, and names its log's last lines when it is gone.
 */
export async function watchPostmaster(watch: ProcessWatch, cluster: PostgresCluster): Promise<Watched> {
  const { stdout } = await execFileAsync('pg_lsclusters', ['--json']);
  const { dataDirectory, logFile } = clusterFiles(stdout, cluster);
  const pid = Number(readFileSync(join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`No postmaster pid in ${dataDirectory}/postmaster.pid`);
  const lastLines = () => (logFile ? lastLinesOf(logFile) : ['(pg_lsclusters names no log file)']);
  return watch.pid(`PostgreSQL server ${cluster.version}/${cluster.name}`, pid, lastLines);
}

/**
 * `restart -m immediate` as its two steps, so that the fault counts from when the server went down (pg_ctlcluster
 * itself took seconds to start on a busy machine, and the answers meanwhile were taken for the recovery). The old
 * postmaster's exit is expected; the new one is watched. Resolves with the times (performance.now()) it went down and
 * was back.
 */
export async function restartCluster(
  cluster: PostgresCluster,
  watch: ProcessWatch,
  postmaster: Watched,
): Promise<{ at: number; backAt: number; postmaster: Watched }> {
  postmaster.expectExit();
  await execFileAsync('pg_ctlcluster', [cluster.version, cluster.name, 'stop', '-m', 'immediate']);
  const at = performance.now();
  await execFileAsync('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
  const backAt = performance.now();
  return { at, backAt, postmaster: await watchPostmaster(watch, cluster) };
}
