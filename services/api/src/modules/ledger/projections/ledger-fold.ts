import type { StoredEvent } from '@app/event-store';
import { CURRENCIES, Currency, transactionTypeOf } from '@app/contracts/ledger';
import { userAccount } from '../domain/accounts';
import { LedgerEvent, TransactionPosted, fromPayload } from '../domain/events';
import { userIdOfStream } from '../domain/streams';
import { legsForStreamCopy } from '../domain/transaction-copies';

/**
 * The pure part of the ledger projections: what one stored event changes in the read models. The projection
 * handlers apply these effects with batched SQL; `ledger verify` folds the whole log through the same functions
 * into memory and compares the result with the tables.
 *
 * A transaction touching several users is recorded once per user stream; each copy contributes only the legs of
 * its own stream's user, and copy 0 (or the journal copy) contributes the system legs, so every leg counts once.
 */
export interface BalanceEffect {
  accountId: string;
  userId: string | null;
  currency: Currency;
  balanceDeltaMinor: bigint;
  heldDeltaMinor: bigint;
}

export interface HoldRow {
  holdId: string;
  userId: string;
  currency: Currency;
  amountMinor: bigint;
  expiresAt: string;
  status: 'open' | 'captured' | 'released' | 'expired';
}

export interface TransactionRow {
  /** Unique per user only: a transaction between two users gives each of them a row with the same id. */
  id: string;
  userId: string;
  transactionId: string;
  transactionType: string;
  description: string;
  amountMinor: bigint;
  currency: Currency;
  status: 'completed' | 'pending' | 'reversed' | 'released' | 'expired' | 'captured';
  createdAt: string;
}

/** What identifies a transaction-list row: its user and its id (the table's primary key). */
export const transactionRowKey = (row: { userId: string; id: string }) => `${row.userId}|${row.id}`;

/** Row ids: one row per currency a posted transaction moves for the user, one per hold. */
const postedRowId = (transactionId: string, currency: Currency) => `${transactionId}:${currency}`;
export const holdRowId = (holdId: string) => `hold:${holdId}`;

/**
 * Row status changes: a reversal marks the original's rows of that user, a hold resolution its pending row. The
 * candidate row ids are spelled out so that a change finds its rows by primary key (ids that do not exist match
 * nothing).
 */
export interface TransactionStatusChange {
  userId: string;
  rowIds: string[];
  status: TransactionRow['status'];
  /** A captured hold's row takes the amount actually spent and the capture's description (one row per hold). */
  amountMinor?: bigint;
  description?: string;
}

/** The row's `transaction_type` (one mapping, in the contracts, shared with the wallet's filter). */
export { transactionTypeOf };

export const LEDGER_PROJECTED_EVENT_TYPES = [
  'LedgerTransactionPosted',
  'LedgerHoldPlaced',
  'LedgerHoldCaptured',
  'LedgerHoldReleased',
  'LedgerDemoPersonaFunded',
] as const;

export function parseLedgerEvent(stored: StoredEvent): LedgerEvent {
  return fromPayload(stored.type, stored.data);
}

export function balanceEffects(stored: StoredEvent, event: LedgerEvent): BalanceEffect[] {
  switch (event.type) {
    case 'LedgerTransactionPosted':
      return legsForStreamCopy(stored.streamId, event.data).map((leg) => ({
        accountId: leg.accountId,
        userId: leg.userId,
        currency: leg.currency,
        balanceDeltaMinor: leg.side === 'debit' ? -leg.amountMinor : leg.amountMinor,
        heldDeltaMinor: 0n,
      }));
    case 'LedgerHoldPlaced':
      return [heldEffect(event.data.userId, event.data.currency, event.data.amountMinor)];
    case 'LedgerHoldCaptured':
      return [
        heldEffect(event.data.userId, event.data.currency, -(event.data.capturedMinor + event.data.releasedMinor)),
      ];
    case 'LedgerHoldReleased':
      return [heldEffect(event.data.userId, event.data.currency, -event.data.amountMinor)];
    default:
      return [];
  }
}

function heldEffect(userId: string, currency: Currency, heldDeltaMinor: bigint): BalanceEffect {
  return { accountId: userAccount(userId), userId, currency, balanceDeltaMinor: 0n, heldDeltaMinor };
}

/** The transaction-list rows an event adds for its stream's user, and the status changes it causes. */
export function transactionEffects(
  stored: StoredEvent,
  event: LedgerEvent,
): { rows: TransactionRow[]; statusChanges: TransactionStatusChange[] } {
  const owner = userIdOfStream(stored.streamId);
  if (owner === null) return { rows: [], statusChanges: [] };
  switch (event.type) {
    case 'LedgerTransactionPosted':
      return postedTransactionEffects(owner, event.data);
    case 'LedgerHoldPlaced':
      return {
        rows: [
          {
            id: holdRowId(event.data.holdId),
            userId: owner,
            transactionId: holdRowId(event.data.holdId),
            transactionType: transactionTypeOf(event.data.reasonCode),
            description: event.data.description,
            amountMinor: -event.data.amountMinor,
            currency: event.data.currency,
            status: 'pending',
            createdAt: event.data.placedAt,
          },
        ],
        statusChanges: [],
      };
    case 'LedgerHoldReleased':
      return {
        rows: [],
        statusChanges: [{ userId: owner, rowIds: [holdRowId(event.data.holdId)], status: event.data.reason }],
      };
    default:
      return { rows: [], statusChanges: [] };
  }
}

/**
 * A posted transaction's rows for `owner` (its net per currency) and the status changes of the hold it captures
 * and the transaction it reverses.
 */
function postedTransactionEffects(
  owner: string,
  data: TransactionPosted,
): { rows: TransactionRow[]; statusChanges: TransactionStatusChange[] } {
  const me = userAccount(owner);
  const net = new Map<Currency, bigint>();
  for (const posting of data.postings) {
    if (posting.debitAccount === me) net.set(posting.currency, (net.get(posting.currency) ?? 0n) - posting.amountMinor);
    if (posting.creditAccount === me)
      net.set(posting.currency, (net.get(posting.currency) ?? 0n) + posting.amountMinor);
  }
  // A hold's capture: its spending shows on the hold's own row (pending until now), not as a second row, so a
  // withdrawal or a pledge is one line that goes from pending to completed (or released / expired).
  const holdId = data.holdId;
  const heldCurrency = holdId ? data.postings.find((posting) => posting.debitAccount === me)?.currency : undefined;
  const captureChanges: TransactionStatusChange[] =
    holdId && heldCurrency && (net.get(heldCurrency) ?? 0n) !== 0n
      ? [
          {
            userId: owner,
            rowIds: [holdRowId(holdId)],
            status: 'completed',
            amountMinor: net.get(heldCurrency)!,
            description: data.description,
          },
        ]
      : [];
  const rows: TransactionRow[] = [...net]
    .filter(
      ([currency, amountMinor]) => amountMinor !== 0n && !(captureChanges.length > 0 && currency === heldCurrency),
    )
    .map(([currency, amountMinor]) => ({
      id: postedRowId(data.transactionId, currency),
      userId: owner,
      transactionId: data.transactionId,
      transactionType: transactionTypeOf(data.reasonCode),
      description: data.description,
      amountMinor,
      currency,
      status: 'completed',
      createdAt: data.occurredAt,
    }));
  const reversed = data.reversesTransactionId;
  const statusChanges: TransactionStatusChange[] = reversed
    ? [
        {
          userId: owner,
          rowIds: CURRENCIES.map((currency) => postedRowId(reversed, currency)),
          status: 'reversed',
        },
        ...captureChanges,
      ]
    : captureChanges;
  return { rows, statusChanges };
}

/** A status change on a row (and, for a captured hold, its spent amount and description). */
export function applyStatusChange(
  row: Pick<TransactionRow, 'status' | 'amountMinor' | 'description'>,
  change: TransactionStatusChange,
): void {
  row.status = change.status;
  if (change.amountMinor !== undefined) row.amountMinor = change.amountMinor;
  if (change.description !== undefined) row.description = change.description;
}

/** Hold rows an event creates or resolves. */
export function holdEffects(event: LedgerEvent): {
  placed?: HoldRow;
  resolved?: { holdId: string; status: HoldRow['status'] };
} {
  switch (event.type) {
    case 'LedgerHoldPlaced':
      return {
        placed: {
          holdId: event.data.holdId,
          userId: event.data.userId,
          currency: event.data.currency,
          amountMinor: event.data.amountMinor,
          expiresAt: event.data.expiresAt,
          status: 'open',
        },
      };
    case 'LedgerHoldCaptured':
      return { resolved: { holdId: event.data.holdId, status: 'captured' } };
    case 'LedgerHoldReleased':
      return { resolved: { holdId: event.data.holdId, status: event.data.reason } };
    default:
      return {};
  }
}

/** Per-currency totals: the sum over user accounts and over system accounts (their sum must be zero). */
export interface CurrencyTotals {
  userBalanceMinor: bigint;
  userHeldMinor: bigint;
  systemBalanceMinor: bigint;
}

/** The whole read model folded in memory (verify and tests compare it with the tables). */
export class LedgerFold {
  readonly balances = new Map<
    string,
    { accountId: string; userId: string | null; currency: Currency; balanceMinor: bigint; heldMinor: bigint }
  >();
  readonly holds = new Map<string, HoldRow>();
  readonly transactions = new Map<string, TransactionRow>();

  apply(stored: StoredEvent, event: LedgerEvent): void {
    for (const effect of balanceEffects(stored, event)) {
      const key = `${effect.accountId}|${effect.currency}`;
      const row = this.balances.get(key) ?? {
        accountId: effect.accountId,
        userId: effect.userId,
        currency: effect.currency,
        balanceMinor: 0n,
        heldMinor: 0n,
      };
      row.balanceMinor += effect.balanceDeltaMinor;
      row.heldMinor += effect.heldDeltaMinor;
      this.balances.set(key, row);
    }
    const holds = holdEffects(event);
    if (holds.placed) this.holds.set(holds.placed.holdId, { ...holds.placed });
    if (holds.resolved) {
      const hold = this.holds.get(holds.resolved.holdId);
      if (hold) hold.status = holds.resolved.status;
    }
    const { rows, statusChanges } = transactionEffects(stored, event);
    for (const row of rows) this.transactions.set(transactionRowKey(row), { ...row });
    for (const change of statusChanges) {
      for (const id of change.rowIds) {
        const row = this.transactions.get(transactionRowKey({ userId: change.userId, id }));
        if (row) applyStatusChange(row, change);
      }
    }
  }

  totals(): Map<Currency, CurrencyTotals> {
    const totals = new Map<Currency, CurrencyTotals>();
    for (const row of this.balances.values()) {
      const entry = totals.get(row.currency) ?? { userBalanceMinor: 0n, userHeldMinor: 0n, systemBalanceMinor: 0n };
      if (row.userId !== null) {
        entry.userBalanceMinor += row.balanceMinor;
        entry.userHeldMinor += row.heldMinor;
      } else {
        entry.systemBalanceMinor += row.balanceMinor;
      }
      totals.set(row.currency, entry);
    }
    return totals;
  }
}
