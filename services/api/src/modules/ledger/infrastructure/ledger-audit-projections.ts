import type { Checkpoint, EventStore } from '@app/event-store';
import type { Currency } from '@app/contracts/ledger';
import { LedgerFold, transactionRowKey } from '../projections/ledger-fold';
import type { Report } from './ledger-audit-events';

/** A ledger projection's tables and checkpoint, read in one snapshot so a running service causes no false findings. */
export interface ProjectionSnapshot {
  name: 'ledger_balances' | 'ledger_transactions';
  checkpoint: Checkpoint;
  rows: Record<string, Record<string, unknown>[]>;
  compared: boolean;
}

const PROJECTION_CHECKPOINTS_SQL =
  'SELECT name, transaction_id::text, position::text FROM projection_checkpoints ' +
  "WHERE name IN ('ledger_balances', 'ledger_transactions')";

export async function readProjectionSnapshots(eventStore: EventStore): Promise<ProjectionSnapshot[]> {
  return eventStore.withTransaction(async (transaction) => {
    await transaction.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const exists = await transaction.query<{ name: string }>(
      "SELECT to_regclass('projection_checkpoints')::text AS name",
    );
    if (!exists.rows[0]?.name) return [];
    const checkpoints = await transaction.query<{
      name: ProjectionSnapshot['name'];
      transaction_id: string;
      position: string;
    }>(PROJECTION_CHECKPOINTS_SQL);
    const snapshots: ProjectionSnapshot[] = [];
    for (const row of checkpoints.rows) {
      const tables =
        row.name === 'ledger_balances'
          ? ['ledger_balances', 'ledger_currency_totals', 'ledger_holds']
          : ['ledger_transactions'];
      const rows: Record<string, Record<string, unknown>[]> = {};
      for (const table of tables)
        rows[table] = (await transaction.query<Record<string, unknown>>(`SELECT * FROM ${table}`)).rows;
      snapshots.push({
        name: row.name,
        checkpoint: { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) },
        rows,
        compared: false,
      });
    }
    return snapshots;
  });
}

/** A projection finding names its table, not a stream. */
type ReportTable = (check: string, message: string) => void;

export function compareProjection(snapshot: ProjectionSnapshot, fold: LedgerFold, reportAny: Report) {
  const check = `projection:${snapshot.name}`;
  // A projection's rows are not a stream's: these findings name tables, not streams.
  const report: ReportTable = (name, message) => reportAny(name, message, null);
  if (snapshot.name === 'ledger_balances') {
    compareBalances(snapshot, fold, check, report);
    compareCurrencyTotals(snapshot, fold, check, report);
    compareHolds(snapshot, fold, check, report);
  } else {
    compareTransactions(snapshot, fold, check, report);
  }
}

function compareBalances(snapshot: ProjectionSnapshot, fold: LedgerFold, check: string, report: ReportTable) {
  const seen = new Set<string>();
  for (const row of snapshot.rows.ledger_balances) {
    const key = `${row.account_id}|${row.currency}`;
    seen.add(key);
    const expected = fold.balances.get(key);
    const balance = BigInt(row.balance_minor as string);
    const held = BigInt(row.held_minor as string);
    if (!expected) {
      if (balance !== 0n || held !== 0n)
        report(check, `ledger_balances has ${key} = ${balance}/${held}, the events have nothing`);
    } else if (expected.balanceMinor !== balance || expected.heldMinor !== held) {
      report(
        check,
        `ledger_balances ${key} is ${balance} (held ${held}), ` +
          `the events give ${expected.balanceMinor} (held ${expected.heldMinor})`,
      );
    }
  }
  for (const [key, expected] of fold.balances) {
    if (!seen.has(key) && (expected.balanceMinor !== 0n || expected.heldMinor !== 0n))
      report(check, `ledger_balances lacks ${key}`);
  }
}

function compareCurrencyTotals(snapshot: ProjectionSnapshot, fold: LedgerFold, check: string, report: ReportTable) {
  const totals = fold.totals();
  for (const row of snapshot.rows.ledger_currency_totals) {
    const expected = totals.get(row.currency as Currency) ?? {
      userBalanceMinor: 0n,
      userHeldMinor: 0n,
      systemBalanceMinor: 0n,
    };
    if (
      BigInt(row.user_balance_minor as string) !== expected.userBalanceMinor ||
      BigInt(row.user_held_minor as string) !== expected.userHeldMinor ||
      BigInt(row.system_balance_minor as string) !== expected.systemBalanceMinor
    ) {
      report(check, `ledger_currency_totals ${row.currency} differs from the events`);
    }
  }
}

function compareHolds(snapshot: ProjectionSnapshot, fold: LedgerFold, check: string, report: ReportTable) {
  const holdRows = new Map(snapshot.rows.ledger_holds.map((row) => [row.hold_id as string, row]));
  for (const [holdId, hold] of fold.holds) {
    const row = holdRows.get(holdId);
    if (!row || row.status !== hold.status || BigInt(row.amount_minor as string) !== hold.amountMinor) {
      report(check, `ledger_holds ${holdId} differs from the events`);
    }
  }
  if (holdRows.size !== fold.holds.size)
    report(check, `ledger_holds has ${holdRows.size} rows, the events give ${fold.holds.size}`);
}

function compareTransactions(snapshot: ProjectionSnapshot, fold: LedgerFold, check: string, report: ReportTable) {
  const rows = snapshot.rows.ledger_transactions;
  for (const row of rows) {
    const expected = fold.transactions.get(transactionRowKey({ userId: row.user_id as string, id: row.id as string }));
    if (
      !expected ||
      expected.userId !== row.user_id ||
      expected.amountMinor !== BigInt(row.amount_minor as string) ||
      expected.currency !== row.currency ||
      expected.status !== row.status ||
      expected.description !== row.description
    ) {
      report(check, `ledger_transactions row ${row.id} of user ${row.user_id} differs from the events`);
    }
  }
  if (rows.length !== fold.transactions.size)
    report(check, `ledger_transactions has ${rows.length} rows, the events give ${fold.transactions.size}`);
}
