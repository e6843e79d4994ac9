import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent while a scenario runs, from Linux's /proc: the whole machine, and the processes that serve it.
 * On two cores shared by the server, PostgreSQL, the worker and the load generator, a fixed-rate run's tail is
 * queueing for CPU, so "how much CPU does one command cost, and whose" is the figure that explains a p99.
 * Every reading is undefined where /proc cannot be read (another OS): the benchmark then prints '-'.
 */

/** /proc counts in USER_HZ, which Linux fixes at 100 per second for user space. */
const MS_PER_TICK = 10;

/** A CPU time counter in ms that only grows; undefined when it cannot be read. */
export type CpuCounter = () => number | undefined;

/** The machine's busy and steal time from /proc/stat, summed over every core; undefined without /proc. */
function machineTimes(): { busyMs: number; stealMs: number } | undefined {
  try {
    // user nice system idle iowait irq softirq steal ...
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return { busyMs: (user + nice + system + irq + softirq + steal) * MS_PER_TICK, stealMs: steal * MS_PER_TICK };
  } catch {
    return undefined;
  }
}

export const machineBusyMs: CpuCounter = () => machineTimes()?.busyMs;

/**
 * Time the hypervisor ran something else while this machine's cores wanted to run (`steal`, already inside
 * `machineBusyMs`): on a shared host it is load of someone else's that the benchmark is charged for.
 */
export const machineStealMs: CpuCounter = () => machineTimes()?.stealMs;

/** This process (the load generator, or the direct scenarios' executor), without /proc. */
export const ownCpuMs: CpuCounter = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

interface ProcessCpu {
  /** The command name (`comm`), as /proc/<pid>/stat gives it in parentheses. */
  name: string;
  /** The parent's process id (field 4). */
  parentPid: number;
  /** User + system time of the process itself (fields 14 and 15). */
  ownMs: number;
  /** User + system time of its children that exited and were waited for (fields 16 and 17). */
  childrenMs: number;
}

/** One read of /proc/<pid>/stat; undefined when the process is gone (or there is no /proc). */
function processCpu(pid: number | string): ProcessCpu | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name may contain spaces and parentheses: it runs from the first '(' to the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return {
    name: text.slice(text.indexOf('(') + 1, close),
    parentPid: Number(fields[1]),
    ownMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK,
    childrenMs: (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK,
  };
}

/** User + system time of one process. */
export function processCpuMs(pid: number | undefined): CpuCounter {
  return () => (pid === undefined ? undefined : processCpu(pid)?.ownMs);
}

/**
 * Every process named `postgres` on this machine (server, backends, WAL writer...): the local server the benchmark
 * runs against by default. A backend that exits (a pool closing an idle connection) hands its time to the process
 * that waited for it, the server's own, as children's time: that is added too, so the sum only grows.
 */
export const postgresCpuMs: CpuCounter = () => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  let total: number | undefined;
  for (const pid of pids) {
    const cpu = processCpu(pid);
    if (cpu?.name === 'postgres') total = (total ?? 0) + cpu.ownMs + cpu.childrenMs;
  }
  return total;
};

/**
 * One PostgreSQL server's processes: its postmaster, every process it started (backends, WAL writer, checkpointer...)
 * and the time of those that exited. On a machine that runs several clusters (say, a private one for benchmarks beside
 * a shared one), the others' work is not charged to the benchmark; other databases' backends of the same server are.
 */
export function postgresServerCpuMs(postmasterPid: number): CpuCounter {
  return () => {
    const postmaster = processCpu(postmasterPid);
    if (!postmaster) return undefined;
    let total = postmaster.ownMs + postmaster.childrenMs;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const cpu = processCpu(pid);
      if (cpu?.parentPid === postmasterPid) total += cpu.ownMs;
    }
    return total;
  };
}

/**
 * The CPU counter of the PostgreSQL server `database` is connected to: `postgresServerCpuMs` of its postmaster (the
 * parent of this connection's backend) when it runs on this machine, else every local `postgres` process.
 */
export async function postgresCpuOf(database: {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}): Promise<CpuCounter> {
  const { rows } = await database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmasterPid = processCpu(rows[0]!.pid)?.parentPid;
  const postmaster = postmasterPid === undefined ? undefined : processCpu(postmasterPid);
  return postmaster?.name === 'postgres' ? postgresServerCpuMs(postmasterPid!) : postgresCpuMs;
}

/** Reads a set of counters at the start and gives each one's growth per command at the end. */
export class CpuMeter {
  private readonly started: Record<string, number | undefined>;

  constructor(private readonly counters: Record<string, CpuCounter>) {
    this.started = Object.fromEntries(Object.entries(counters).map(([label, read]) => [label, read()]));
  }

  perCommand(commands: number): Record<string, number | undefined> {
    return Object.fromEntries(
      Object.entries(this.counters).map(([label, read]) => {
        const before = this.started[label];
        const after = read();
        return [
          label,
          before === undefined || after === undefined ? undefined : (after - before) / Math.max(1, commands),
        ];
      }),
    );
  }
}
