import type { Topology } from '../api-process';

/** What the ledger benchmark runs (direct and over HTTP), and its defaults. */
export interface LedgerBenchmarkOptions {
  databaseUrl: string;
  /** Concurrent clients issuing commands back to back. */
  clients: number;
  /** How long each scenario runs. */
  secondsPerScenario: number;
  /** Users in the uniform scenarios. */
  users: number;
  /** Events appended for the rebuild measurement (on top of what the scenarios wrote). */
  rebuildEvents: number;
  poolSize: number;
  /** Run the direct scenarios (the executor in this process, no HTTP). */
  direct: boolean;
  /** Also run over HTTP (the whole application in processes of its own, `api-process.ts`). */
  http: boolean;
  /** The deployments the HTTP scenarios run in (default: BENCH_TOPOLOGY's, see `topologiesToRun`). */
  topologies?: Topology[];
  /** Over HTTP, also convert with a fresh `Idempotency-Key` each. */
  keyedHttp: boolean;
  /** Rebuild both ledger projections at the end (after appending up to `rebuildEvents`). */
  rebuild: boolean;
  /** Offered rate of the fixed-rate scenarios (commands/s), direct and over HTTP. */
  ratePerSecond: number;
  /** How long each fixed-rate scenario runs: its figure is the tail, and one stall of a 10 s run is the whole p99. */
  rateSeconds: number;
}

export const DEFAULT_LEDGER_BENCHMARK: Omit<LedgerBenchmarkOptions, 'databaseUrl'> = {
  clients: 64,
  secondsPerScenario: 10,
  users: 10_000,
  rebuildEvents: 200_000,
  poolSize: 20,
  direct: true,
  http: true,
  keyedHttp: true,
  rebuild: true,
  ratePerSecond: 1_000,
  rateSeconds: 30,
};
