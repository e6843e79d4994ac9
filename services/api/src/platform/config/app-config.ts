import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The repository root: `services/api/src/platform/config` (or `dist/platform/config`) is five levels down. */
export const REPOSITORY_ROOT = resolve(__dirname, '../../../../..');

const DEFAULT_CORS_ORIGINS = [
  'http://localhost:4200',
  'http://localhost:4201',
  'http://localhost:4202',
  'http://localhost:4203',
  'http://localhost:4204',
];

/** An unset variable and an empty one mean the same: "use the default". */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const urlWithProtocol = (protocols: string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(', ')})` })
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      message: `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
    });

/** Fastify's named address ranges (`proxy-addr`), accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const isAddressOrRange = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which peers may tell the API the client's address (`X-Forwarded-For`) and protocol. `false` (the default): none,
 * the socket's address is the client. A number: that many proxy hops in front. Else a comma-separated list of
 * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`.
 */
const TrustProxySchema = optionalText.transform((value, context): false | string[] => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') {
    context.addIssue({
      code: 'custom',
      message: 'true would believe any client about its own address; name the proxies (e.g. loopback, 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  // A hop count cannot check who the immediate peer is, so any client could claim an address: Fastify (5.12) trusts
  // nobody for one; refusing it here says so at start instead of quietly ignoring every proxy.
  if (/^\d+$/.test(value)) {
    context.addIssue({
      code: 'custom',
      message: 'a hop count cannot check who the immediate peer is; name the proxies (e.g. loopback, 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0 || entries.length === 0) {
    context.addIssue({
      code: 'custom',
      message:
        `must be false, or addresses, CIDR ranges, loopback, linklocal, uniquelocal (not: ` +
        `${invalid.join(', ') || value})`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Group commits (ledger appends, primary sales) start at most this often once a group had company: at a moderate rate
 * a tick's commands then share one transaction; each command waits at most one tick more. 10 ms is where a longer
 * tick stopped saving CPU per command in `npm run bench:quick` (services/bench/results/).
 */
export const DEFAULT_COMMIT_TICK_MS = 10;

/**
 * The quick social actions' tick: shorter, because a like's cost is its own rows, not its group's transaction (a
 * longer tick saved no CPU per like in `npm run bench:quick` and only added its wait to every like).
 */
export const DEFAULT_SOCIAL_ACTION_TICK_MS = 4;

/** A group commit tick in milliseconds, 0 (none) to 50; empty means unset. */
const tickMs = (fallback: number) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(50).default(fallback));

const EnvironmentSchema = z.object({
  API_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).default(3000),
  ),
  API_HOST: optionalText,
  DATABASE_URL: optionalText.pipe(urlWithProtocol(['postgres', 'postgresql']).optional()),
  DATA_DIR: optionalText,
  REDIS_URL: optionalText.pipe(urlWithProtocol(['redis', 'rediss']).optional()),
  LOG_LEVEL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  CORS_ORIGINS: optionalText.transform((value) =>
    value === undefined
      ? DEFAULT_CORS_ORIGINS
      : value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin.length > 0),
  ),
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['development', 'test', 'production']).default('development'),
  ),
  PROCESS_ROLE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['all', 'http', 'worker']).default('all'),
  ),
  TRUST_PROXY: TrustProxySchema,
  WORKER_HEALTH_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  HEALTH_MAX_PROJECTION_LAG_SECONDS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).default(300),
  ),
  COMMIT_TICK_MS: tickMs(DEFAULT_COMMIT_TICK_MS),
  SOCIAL_ACTION_TICK_MS: tickMs(DEFAULT_SOCIAL_ACTION_TICK_MS),
  QUEUE_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits or . _ : -')
      .optional(),
  ),
});

/** Every environment variable this parser reads (the deployment manifests' test checks theirs against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvironmentSchema.shape);

/**
 * The BullMQ key prefix when QUEUE_PREFIX is unset: one per database, so that two deployments sharing a Redis
 * database never run each other's jobs against the wrong PostgreSQL database.
 */
export function defaultQueuePrefix(databaseUrl: string | undefined, dataDirectory: string): string {
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    const databaseName = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
    return `bull-${databaseName.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  }
  // The embedded database is a directory: its path tells one apart from another.
  return `bull-embedded-${createHash('sha256').update(dataDirectory).digest('hex').slice(0, 12)}`;
}

/**
 * What one process runs. `all`: HTTP, projections and reactors (the embedded default). Split deployments run
 * `http` processes (requests only, so no projection batch ever holds up a request) beside one or more `worker`
 * processes (projections and reactors, no HTTP; the leases let several share the work). Both need PostgreSQL:
 * the embedded database serves a single process.
 */
export type ProcessRole = 'all' | 'http' | 'worker';

export interface AppConfig {
  port: number;
  /** The address to listen on; unset: every address (see `listenAddressOf`). */
  host?: string;
  /** Unset: embedded PGlite under `dataDirectory`. */
  databaseUrl?: string;
  dataDirectory: string;
  /** Unset: jobs run in-process. */
  redisUrl?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  corsOrigins: string[];
  environment: 'development' | 'test' | 'production';
  role: ProcessRole;
  /** Platform tunables; tests shorten them. */
  projections: { pollIntervalMs: number; leaseDurationMs: number; batchSize: number; rebuildBatchSize: number };
  /** `queueName` under the Redis key `prefix` (QUEUE_PREFIX, default from the database name). */
  jobs: { queueName: string; prefix: string };
  /** Fastify's `trustProxy`: who may set X-Forwarded-For (TRUST_PROXY). */
  trustProxy: false | string[];
  /** A bearer token a scraper presents at `GET /api/metrics` (METRICS_TOKEN); unset: administrators' sessions only. */
  metricsToken?: string;
  /** Where a worker process answers its probes and scrapes (WORKER_HEALTH_PORT); unset: it listens nowhere. */
  workerHealthPort?: number;
  /**
   * `GET /api/health/ready` answers 503 while a projection trails the log by more (HEALTH_MAX_PROJECTION_LAG_SECONDS).
   */
  readyMaxProjectionLagSeconds: number;
  /**
   * Group commits (ledger appends, primary sales) start at most once per this many milliseconds (COMMIT_TICK_MS; 0: as
   * soon as the previous one is done). See `InFlightBatcher`.
   */
  commitTickMs: number;
  /** The same for the quick social actions' group commits (SOCIAL_ACTION_TICK_MS). See `GroupQueues`. */
  socialActionTickMs: number;
}

/** A configuration that cannot start the service; the message names every offending variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = EnvironmentSchema.safeParse(environment);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const parsed = result.data;
  if (parsed.PROCESS_ROLE !== 'all' && !parsed.DATABASE_URL) {
    throw new ConfigError([
      `PROCESS_ROLE: ${parsed.PROCESS_ROLE} needs DATABASE_URL (the embedded database serves one process; use ` +
        `PROCESS_ROLE=all)`,
    ]);
  }
  const dataDirectory = resolve(REPOSITORY_ROOT, parsed.DATA_DIR ?? '.data');
  return {
    port: parsed.API_PORT,
    host: parsed.API_HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDirectory,
    redisUrl: parsed.REDIS_URL,
    logLevel: parsed.LOG_LEVEL,
    corsOrigins: parsed.CORS_ORIGINS,
    environment: parsed.NODE_ENV,
    role: parsed.PROCESS_ROLE,
    // Batches of 2,000, live and rebuilding: at 1,000 likes/s (~4,000 events/s) smaller batches take several
    // transactions per projection per poll (more checkpoint statements, fewer events per upsert); the measurements are
    // in services/bench/results/.
    projections: { pollIntervalMs: 250, leaseDurationMs: 15_000, batchSize: 2_000, rebuildBatchSize: 2_000 },
    jobs: { queueName: 'jobs', prefix: parsed.QUEUE_PREFIX ?? defaultQueuePrefix(parsed.DATABASE_URL, dataDirectory) },
    trustProxy: parsed.TRUST_PROXY,
    metricsToken: parsed.METRICS_TOKEN,
    workerHealthPort: parsed.WORKER_HEALTH_PORT,
    readyMaxProjectionLagSeconds: parsed.HEALTH_MAX_PROJECTION_LAG_SECONDS,
    commitTickMs: parsed.COMMIT_TICK_MS,
    socialActionTickMs: parsed.SOCIAL_ACTION_TICK_MS,
  };
}

/** For entry points: the configuration, or a message naming every bad variable and exit code 1. */
export function loadConfigOrExit(processName: string, environment: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`The ${processName} cannot start.\n${error.message}`);
    process.exit(1);
  }
}

/** Injection token of the parsed `AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
