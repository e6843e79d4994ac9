import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import { CpuMeter, machineBusyMs, ownCpuMs, postgresCpuMs, type CpuCounter } from './cpu-meter';

/**
 * How every benchmark offers its load and reports a scenario: closed loops, or a fixed rate counted from the schedule.
 */

export interface ScenarioResult {
  name: string;
  commands: number;
  refused: number;
  seconds: number;
  commandsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * The load generator's own event-loop delay (p99) while the scenario ran. It shares the machine's two cores with
   * the server, and a late timer or a late read is counted as server latency: this says how much of the tail is its.
   */
  generatorDelayP99Ms: number;
  /**
   * CPU time per command (committed or refused), in ms: the whole machine, and each watched process (see
   * ScenarioCpuCounters). Undefined where /proc cannot be read.
   */
  cpuMsPerCommand: Record<string, number | undefined>;
}

/**
 * The columns every scenario table shares, padded to that table's widths: name, rate, `afterRate` (a table's own
 * rate columns), p50 · p99 · max ms, commands, refused.
 */
export function scenarioColumns(
  r: ScenarioResult,
  widths: { name: number; rate: number; commands: number },
  afterRate: string[] = [],
): string[] {
  return [
    r.name.padEnd(widths.name),
    r.commandsPerSecond.toFixed(0).padStart(widths.rate),
    ...afterRate,
    r.p50Ms.toFixed(1).padStart(8),
    r.p99Ms.toFixed(1).padStart(8),
    r.maxMs.toFixed(1).padStart(8),
    String(r.commands).padStart(widths.commands),
    String(r.refused).padStart(8),
  ];
}

/** One process's (or the machine's) CPU ms per command, two decimals, '-' where it was not measured. */
export function cpuColumn(r: ScenarioResult, label: string, width: number): string {
  return (r.cpuMsPerCommand[label]?.toFixed(2) ?? '-').padStart(width);
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

interface ScenarioWatch {
  generatorDelay: ELDHistogram;
  cpu: CpuMeter;
}

/**
 * CPU counters a scenario reports per command: always the machine, this process and the local PostgreSQL server;
 * a scenario over HTTP adds its API and worker processes.
 */
export type ScenarioCpuCounters = Record<string, CpuCounter>;

/** Starts watching this process's event loop and the CPU counters for one scenario (`summarize` stops it). */
function watchScenario(extraCounters: ScenarioCpuCounters): ScenarioWatch {
  const generatorDelay = monitorEventLoopDelay({ resolution: 5 });
  generatorDelay.enable();
  return {
    generatorDelay,
    cpu: new CpuMeter({
      machine: machineBusyMs,
      'bench process': ownCpuMs,
      PostgreSQL: postgresCpuMs,
      ...extraCounters,
    }),
  };
}

function summarize(
  name: string,
  latencies: number[],
  refused: number,
  started: number,
  watch: ScenarioWatch,
): ScenarioResult {
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpuMsPerCommand = watch.cpu.perCommand(latencies.length + refused);
  watch.generatorDelay.disable();
  latencies.sort((left, right) => left - right);
  return {
    name,
    commands: latencies.length,
    refused,
    seconds: elapsedSeconds,
    commandsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    generatorDelayP99Ms: watch.generatorDelay.percentile(99) / 1e6,
    cpuMsPerCommand,
  };
}

/** Runs `clients` loops for `seconds`, each awaiting one command at a time; committed commands and latencies. */
export async function runClosedLoop(
  name: string,
  clients: number,
  seconds: number,
  command: (client: number) => Promise<boolean>,
  cpuCounters: ScenarioCpuCounters = {},
): Promise<ScenarioResult> {
  const latencies: number[] = [];
  let refused = 0;
  const watch = watchScenario(cpuCounters);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const committed = await command(client);
        const elapsed = performance.now() - begin;
        if (committed) latencies.push(elapsed);
        else refused += 1;
      }
    }),
  );
  return summarize(name, latencies, refused, started, watch);
}

/**
 * BENCH_LATENCY_TIMELINE=<prefix>: every command of a fixed-rate scenario as `<ms after the start> <latency ms>`, in
 * `<prefix>-<scenario>.txt`, after a `# start <epoch ms>` line. A p99 says how long the tail is, the timeline says when
 * it came: a few stalls of 100-300 ms in an otherwise quick run, or a queue that grows all along. The servers print
 * `time-origin <epoch ms>`, so their `--trace-gc` lines (ms since that origin) go on the same clock.
 */
function startTimeline(name: string): { add(line: string): void; write(startedAtEpochMs: number): void } | undefined {
  const prefix = process.env.BENCH_LATENCY_TIMELINE;
  if (!prefix) return undefined;
  const lines: string[] = [];
  return {
    add: (line) => void lines.push(line),
    write: (startedAtEpochMs) =>
      writeFileSync(
        `${prefix}-${name.replace(/\W+/g, '-')}.txt`,
        [`# start ${startedAtEpochMs.toFixed(1)}`, ...lines].join('\n') + '\n',
      ),
  };
}

/**
 * `clients` clients that together offer `ratePerSecond` commands: each sends on its own fixed schedule (one command
 * in flight per client) and its latency counts from the moment the schedule said to send, not from when the client
 * got round to it. A server that falls behind therefore shows its backlog in the latencies instead of hiding it by
 * slowing the clients down (coordinated omission, as wrk2 corrects it).
 */
export async function runFixedRate(
  name: string,
  clients: number,
  seconds: number,
  ratePerSecond: number,
  /** Gets the time (performance.now()) the schedule said to send at, from which its latency counts. */
  command: (client: number, scheduledAt: number) => Promise<boolean>,
  cpuCounters: ScenarioCpuCounters = {},
): Promise<ScenarioResult> {
  const latencies: number[] = [];
  let refused = 0;
  const intervalMs = (clients * 1000) / ratePerSecond;
  // Kept only when asked for: the load generator shares the machine, and its CPU per command is reported.
  const timeline = startTimeline(name);
  const watch = watchScenario(cpuCounters);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let scheduled = started + (client * intervalMs) / clients; scheduled < deadline; scheduled += intervalMs) {
        // A timer may fire a fraction of a millisecond early (libuv's clock is coarser): never send before the
        // schedule.
        for (let wait = scheduled - performance.now(); wait > 0; wait = scheduled - performance.now())
          await new Promise((resolve) => setTimeout(resolve, wait));
        const committed = await command(client, scheduled);
        const latency = performance.now() - scheduled;
        if (committed) latencies.push(latency);
        else refused += 1;
        timeline?.add(`${(scheduled - started).toFixed(1)} ${latency.toFixed(1)}${committed ? '' : ' refused'}`);
      }
    }),
  );
  timeline?.write(performance.timeOrigin + started);
  return summarize(name, latencies, refused, started, watch);
}
