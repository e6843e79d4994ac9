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

export const machineBusyMs: CpuCounter = () => {
  try {
    // The first line sums every core: user nice system idle iowait irq softirq steal ...
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + steal) * MS_PER_TICK;
  } catch {
    return undefined;
  }
};

/** This process (the load generator, or the direct scenarios' executor), without /proc. */
export const ownCpuMs: CpuCounter = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

function statOf(pid: string): string[] | undefined {
  try {
    // Fields after the command name, which is in parentheses and may contain spaces.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User + system time of one process (field 14 and 15 of /proc/<pid>/stat, so 11 and 12 after the name). */
export function processCpuMs(pid: number | undefined): CpuCounter {
  return () => {
    const fields = pid === undefined ? undefined : statOf(String(pid));
    return fields && (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  };
}

/**
 * Every process named `postgres` on this machine (server, backends, WAL writer...): the local server the benchmark
 * runs against by default. A backend that exits (a pool closing an idle connection) hands its time to the process
 * that waited for it, the server's own, as "children's time" (fields 16 and 17): that is added too, so the sum only
 * grows.
 */
export const postgresCpuMs: CpuCounter = () => {
  let total = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const fields = statOf(pid);
    if (!fields) continue;
    total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * MS_PER_TICK;
    found = true;
  }
  return found ? total : undefined;
};

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
        return [label, before === undefined || after === undefined ? undefined : (after - before) / Math.max(1, commands)];
      }),
    );
  }
}
