import { CHECKPOINT_START, type Checkpoint, type EventStore } from '@app/event-store';
import { formatMinor } from '@app/contracts/ledger';
import { userAccount } from '../domain/accounts';
import { isLedgerStream } from '../domain/streams';
import { balanceEffects, parseLedgerEvent } from '../projections/ledger-fold';

export interface LedgerExportOptions {
  format: 'ndjson' | 'csv';
  userId?: string;
  from?: Date;
  to?: Date;
}

export interface LedgerExportLine {
  position: string;
  recorded_at: string;
  transaction_id: string;
  reason_code: string;
  description: string;
  account_id: string;
  currency: string;
  amount: string;
  running_balance: string;
}

const CSV_COLUMNS: (keyof LedgerExportLine)[] = [
  'position',
  'recorded_at',
  'transaction_id',
  'reason_code',
  'description',
  'account_id',
  'currency',
  'amount',
  'running_balance',
];

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The ledger, one line per leg (a posting moves money out of one account and into another: two lines), in commit
 * order, with each account's running balance after the leg. Running balances are folded from the first event even
 * when a time range is asked for, so they are true balances, not sums over the range. Lines go to `write` as they
 * are produced (the HTTP endpoint streams them; the CLI prints them).
 */
export async function exportLedger(
  eventStore: EventStore,
  options: LedgerExportOptions,
  write: (chunk: string) => void | Promise<void>,
) {
  const account = options.userId ? userAccount(options.userId) : null;
  const running = new Map<string, bigint>();
  if (options.format === 'csv') await write(`${CSV_COLUMNS.join(',')}\n`);
  let checkpoint: Checkpoint = CHECKPOINT_START;
  let lines = 0;
  for (;;) {
    const batch = await eventStore.readAll(checkpoint, { limit: 5_000, eventTypes: ['LedgerTransactionPosted'] });
    for (const stored of batch.events) {
      if (!isLedgerStream(stored.streamId)) continue;
      const event = parseLedgerEvent(stored);
      if (event.type !== 'LedgerTransactionPosted') continue;
      const inRange =
        (!options.from || stored.recordedAt >= options.from) && (!options.to || stored.recordedAt <= options.to);
      for (const effect of balanceEffects(stored, event)) {
        const key = `${effect.accountId}|${effect.currency}`;
        const balance = (running.get(key) ?? 0n) + effect.balanceDeltaMinor;
        running.set(key, balance);
        if (!inRange || (account && effect.accountId !== account)) continue;
        const line: LedgerExportLine = {
          position: stored.position.toString(),
          recorded_at: stored.recordedAt.toISOString(),
          transaction_id: event.data.transactionId,
          reason_code: event.data.reasonCode,
          description: event.data.description,
          account_id: effect.accountId,
          currency: effect.currency,
          amount: formatMinor(effect.balanceDeltaMinor, effect.currency),
          running_balance: formatMinor(balance, effect.currency),
        };
        lines += 1;
        await write(
          options.format === 'csv'
            ? `${CSV_COLUMNS.map((column) => csvCell(line[column])).join(',')}\n`
            : `${JSON.stringify(line)}\n`,
        );
      }
    }
    checkpoint = batch.nextCheckpoint;
    if (batch.caughtUp) return lines;
  }
}
