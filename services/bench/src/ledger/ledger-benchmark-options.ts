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
  /** Also run over HTTP (the whole application in processes of its own, `api-process.ts`). */
  http: boolean;
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
  http: true,
  ratePerSecond: 1_000,
  rateSeconds: 30,
};
