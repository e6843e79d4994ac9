/**
 * `npm run ledger -- <verb>`: the auditor's and operator's tools, against DATABASE_URL (or, without it, the embedded
 * database under DATA_DIR while the API is not running).
 *
 *   verify                                   replay everything and report; exit code 1 on any finding
 *   verify --digest <file|root@position> [--public-key <file>]
 *                                            recompute the Merkle root up to the digest's position; exit 1 and the
 *                                            first differing position when the log no longer reproduces it
 *   digest                                   the current digest { position, root, at } of the log
 *   check-proof --digest <file> --public-key <file> --proof <file> [--older-digest <file>]
 *                                            check an inclusion or consistency proof offline
 *   export [--format ndjson|csv] [--user <id>] [--from <ISO time>] [--to <ISO time>]
 *                                            the ledger with running balances, to stdout
 *   rebuild <projection>                     rebuild ledger_balances or ledger_transactions into fresh tables with
 *                                            a progress bar, and swap them in while the old ones keep serving
 */
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, PostgresEventStore, runMigrations, type Database } from '@app/event-store';
import { openApplicationEventStore } from '../platform/database/database.module';
import { idleProjectionRunners, rebuildProjection } from '../platform/projections/rebuild-projection';
import type { RebuildProgress } from '../platform/projections/projection';
import { verifyLedger } from '../modules/ledger/infrastructure/ledger-audit';
import { exportLedger } from '../modules/ledger/infrastructure/ledger-export';
import {
  LEDGER_MIGRATIONS_DIRECTORY,
  LEDGER_MIGRATIONS_TABLE,
} from '../modules/ledger/infrastructure/ledger-migrations';
import { LEDGER_PROJECTIONS } from '../modules/ledger/projections/ledger-projections';
import { DigestUsageError, printDigest, runCheckProof, trustedDigestOf, verifyDigest } from './ledger-digests';

const USAGE = `Usage: npm run ledger -- verify [--digest <file|root@position> [--public-key <file>]]
       npm run ledger -- digest
       npm run ledger -- check-proof --digest <file> --public-key <file> --proof <file> [--older-digest <file>]
       npm run ledger -- export [--format ndjson|csv] [--user <userId>] [--from <ISO time>] [--to <ISO time>]
       npm run ledger -- rebuild <${LEDGER_PROJECTIONS.map((projection) => projection.name).join('|')}>`;

class UsageError extends Error {}

function options(args: string[]): Map<string, string> {
  const parsed = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index];
    const value = args[index + 1];
    if (!name?.startsWith('--') || value === undefined) throw new UsageError(`Unexpected argument ${name ?? ''}`);
    parsed.set(name.slice(2), value);
  }
  return parsed;
}

function time(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new UsageError(`--${name} must be an ISO 8601 time`);
  return parsed;
}

function progressBar(progress: RebuildProgress): string {
  const width = 30;
  const fraction = progress.eventsTotal > 0 ? Math.min(1, progress.eventsDone / progress.eventsTotal) : 1;
  const filled = Math.round(fraction * width);
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}% ` +
    `${progress.eventsDone}/${progress.eventsTotal} events, ${progress.eventsPerSecond} events/s (${progress.phase})`
  );
}

async function openStore(): Promise<{ database: Database; eventStore: PostgresEventStore }> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const repositoryRoot = resolve(__dirname, '..', '..', '..', '..');
  const dataDirectory = resolve(repositoryRoot, process.env.DATA_DIR ?? '.data');
  const database = await openDatabase({ databaseUrl, dataDir: join(dataDirectory, 'pglite'), maxConnections: 4 });
  const eventStore = await openApplicationEventStore(database);
  await runMigrations(database.pool, {
    directory: LEDGER_MIGRATIONS_DIRECTORY,
    migrationsTable: LEDGER_MIGRATIONS_TABLE,
  });
  return { database, eventStore };
}

type OpenedStore = Awaited<ReturnType<typeof openStore>>;

/** What a verb gets: its arguments, the two streams, and `open`, which opens the store for runLedgerCli to close. */
interface VerbContext {
  args: string[];
  output: NodeJS.WritableStream;
  errors: NodeJS.WritableStream;
  open: () => Promise<OpenedStore>;
}

const ALL_CHECKS_PASSED =
  'OK: hash chains intact, every currency sums to zero, no user below zero, every issuance documented and within ' +
  'its bound, projections equal a fresh fold\n';

function writeVerifyReport(report: Awaited<ReturnType<typeof verifyLedger>>, output: NodeJS.WritableStream): void {
  output.write(
    `Ledger verify: ${report.events_checked} events, ${report.streams_checked} streams, ` +
      `${report.transactions_checked} transactions\n`,
  );
  for (const [currency, totals] of Object.entries(report.currencies)) {
    output.write(
      `  ${currency.padEnd(6)} users ${totals.user_total.padStart(16)}  ` +
        `system ${totals.system_total.padStart(17)}  sum ${totals.sum}\n`,
    );
  }
  // Where new money came from: every credit out of system:issuance, per reason and currency.
  output.write(`Issuance (credits out of system:issuance), per reason and currency:\n`);
  if (report.issuance.length === 0) output.write('  (none)\n');
  for (const row of report.issuance) {
    output.write(
      `  ${row.reason_code.padEnd(22)} ${row.currency.padEnd(6)} ${row.total.padStart(16)} ` +
        `in ${String(row.credits).padStart(7)} credit(s), largest ${row.largest}` +
        `${row.documented ? '' : '  UNDOCUMENTED'}\n`,
    );
  }
  if (report.ok) output.write(ALL_CHECKS_PASSED);
  else {
    output.write(`${report.findings.length} finding(s):\n`);
    for (const finding of report.findings) output.write(`  [${finding.check}] ${finding.message}\n`);
  }
}

async function verifyVerb({ args, output, open }: VerbContext): Promise<number> {
  if (args.length > 0) {
    const parsed = options(args);
    const digest = parsed.get('digest');
    if (!digest || [...parsed.keys()].some((name) => name !== 'digest' && name !== 'public-key')) {
      throw new UsageError('verify takes --digest <file|root@position> [--public-key <file>], or nothing');
    }
    const trusted = trustedDigestOf(digest, parsed.get('public-key'));
    const opened = await open();
    return await verifyDigest(opened.eventStore, opened.database.pool, trusted, output);
  }
  const opened = await open();
  const report = await verifyLedger(opened.eventStore);
  writeVerifyReport(report, output);
  return report.ok ? 0 : 1;
}

async function digestVerb({ args, output, open }: VerbContext): Promise<number> {
  if (args.length > 0) throw new UsageError('digest takes no arguments');
  const opened = await open();
  return await printDigest(opened.eventStore, opened.database.pool, output);
}

async function exportVerb({ args, output, open }: VerbContext): Promise<number> {
  const parsed = options(args);
  const format = parsed.get('format') ?? 'ndjson';
  if (format !== 'ndjson' && format !== 'csv') throw new UsageError('--format must be ndjson or csv');
  const from = time(parsed.get('from'), 'from');
  const to = time(parsed.get('to'), 'to');
  const opened = await open();
  await exportLedger(opened.eventStore, { format, userId: parsed.get('user'), from, to }, (chunk) => {
    if (!output.write(chunk)) return new Promise<void>((resolveDrain) => output.once('drain', () => resolveDrain()));
  });
  return 0;
}

async function rebuildVerb({ args, output, errors, open }: VerbContext): Promise<number> {
  const [name, ...extra] = args;
  const projection = LEDGER_PROJECTIONS.find((candidate) => candidate.name === name);
  if (!projection || extra.length > 0)
    throw new UsageError(
      `rebuild needs one projection name: ${LEDGER_PROJECTIONS.map((candidate) => candidate.name).join(', ')}`,
    );
  const opened = await open();
  const runners = await idleProjectionRunners([projection], opened.eventStore, opened.database.pool, {
    ownerId: `ledger-cli:${hostname()}:${process.pid}`,
    pollIntervalMs: 250,
    leaseDurationMs: 30_000,
    batchSize: 5_000,
    logger: {
      log: () => undefined,
      warn: (message) => errors.write(`${message}\n`),
      error: (message) => errors.write(`${message}\n`),
    },
  });
  const interactive = 'isTTY' in errors && Boolean((errors as NodeJS.WriteStream).isTTY);
  let last = 0;
  await rebuildProjection(runners, projection.name, (progress) => {
    const now = Date.now();
    if (interactive) errors.write(`\r${progressBar(progress)}`);
    else if (progress.phase !== 'building' || now - last > 1_000) {
      errors.write(`${progressBar(progress)}\n`);
      last = now;
    }
  });
  if (interactive) errors.write('\n');
  output.write(`Rebuilt ${projection.name} and swapped it in\n`);
  return 0;
}

const VERBS: Record<string, (context: VerbContext) => number | Promise<number>> = {
  verify: verifyVerb,
  export: exportVerb,
  rebuild: rebuildVerb,
  digest: digestVerb,
  'check-proof': ({ args, output }) => runCheckProof(options(args), output),
};

export async function runLedgerCli(
  args: string[],
  output: NodeJS.WritableStream = process.stdout,
  errors: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const [verb, ...rest] = args;
  if (!verb || !Object.hasOwn(VERBS, verb)) {
    errors.write(`${USAGE}\n`);
    return 2;
  }
  let opened: OpenedStore | undefined;
  const open = async () => (opened = await openStore());
  try {
    return await VERBS[verb]({ args: rest, output, errors, open });
  } catch (error) {
    if (error instanceof UsageError || error instanceof DigestUsageError) {
      errors.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    errors.write(`ledger ${verb} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await opened?.eventStore.close();
    await opened?.database.close();
  }
}

if (require.main === module) {
  runLedgerCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
