import { spawn } from 'node:child_process';
import type pg from 'pg';
import { API_DIRECTORY } from '../api-build';

/** What the log says of the conversions a chaos run sent. */
export interface ConversionCheck {
  /** Acknowledged conversions whose transaction is in the log exactly once. */
  presentOnce: number;
  /** Acknowledged conversions in the log more than once, plus conversions nobody can account for (see below). */
  duplicated: number;
  /** Acknowledged conversions missing from the log. */
  lost: number;
  /**
   * Conversions in the log that no client was told about. Each in-doubt command (never answered) may own one; more
   * than that moved money twice for one key, and counts as duplicated.
   */
  unacknowledged: number;
}

/**
 * Counts each conversion transaction once (its first copy: a transaction posted to several user streams is copied to
 * each) and compares the log with what was acknowledged (Idempotency-Key → transaction id).
 */
export async function checkConversions(
  pool: pg.Pool,
  acknowledged: ReadonlyMap<string, string>,
  inDoubt: number,
): Promise<ConversionCheck> {
  const { rows } = await pool.query<{ transaction_id: string; copies: number }>(
    `SELECT data->>'transactionId' AS transaction_id, count(*)::int AS copies FROM events
      WHERE type = 'LedgerTransactionPosted' AND data->>'reasonCode' = 'CONVERSION' AND (data->>'copyIndex')::int = 0
      GROUP BY 1`,
  );
  const inLog = new Map(rows.map((row) => [row.transaction_id, row.copies]));
  const acknowledgedIds = new Set(acknowledged.values());
  let presentOnce = 0;
  let twice = 0;
  let lost = 0;
  for (const transactionId of acknowledgedIds) {
    const copies = inLog.get(transactionId) ?? 0;
    if (copies === 0) lost += 1;
    else if (copies === 1) presentOnce += 1;
    else twice += 1;
  }
  // Two keys answered with one transaction would be a duplicate answer: every key has a transaction of its own.
  twice += acknowledged.size - acknowledgedIds.size;
  const unacknowledged = [...inLog.keys()].filter((transactionId) => !acknowledgedIds.has(transactionId)).length;
  return { presentOnce, duplicated: twice + Math.max(0, unacknowledged - inDoubt), lost, unacknowledged };
}

export interface VerifyOutcome {
  ok: boolean;
  /** Its verdict line (`OK: ...` or the findings). */
  summary: string;
}

/** `npm run ledger -- verify` against the run's database, as an operator runs it after an incident. */
export async function runLedgerVerify(databaseUrl: string): Promise<VerifyOutcome> {
  const child = spawn('npm', ['run', 'ledger', '--', 'verify'], {
    cwd: API_DIRECTORY,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = output.split('\n').map((line) => line.trim());
  const verdictLine = lines.find((line) => line.startsWith('OK:') || /finding\(s\):$/.test(line));
  const verdict = verdictLine ?? lines.filter(Boolean).slice(-3).join(' / ');
  const findings = lines.filter((line) => line.startsWith('['));
  return { ok: code === 0, summary: [verdict, ...findings.slice(0, 5)].join(' ') };
}
