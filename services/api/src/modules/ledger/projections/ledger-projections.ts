import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';
import { rowsDocument, rowsTable, upsertRows } from '../../../platform/database/upsert-rows';
import { LedgerEvent } from '../domain/events';
import {
  BalanceEffect,
  HoldRow,
  LEDGER_PROJECTED_EVENT_TYPES,
  TransactionRow,
  balanceEffects,
  holdEffects,
  parseLedgerEvent,
  transactionEffects,
  applyStatusChange,
  transactionRowKey,
} from './ledger-fold';

const logger = new Logger('LedgerProjections');

/**
 * Parses each event at the edge; a payload that does not parse is skipped with a log (a projection never throws on
 * a recorded fact) and `ledger verify` reports it.
 */
function parsed(events: StoredEvent[]): { stored: StoredEvent; event: LedgerEvent }[] {
  const result: { stored: StoredEvent; event: LedgerEvent }[] = [];
  for (const stored of events) {
    try {
      result.push({ stored, event: parseLedgerEvent(stored) });
    } catch (error) {
      logger.error(`Skipping unreadable ledger event at position ${stored.position}: ${(error as Error).message}`);
    }
  }
  return result;
}

type BalanceTable = 'ledger_balances' | 'ledger_currency_totals' | 'ledger_holds' | 'ledger_demo_personas';

/**
 * Balances per account and currency (available = balance − held), per-currency totals of user and system accounts,
 * and holds (the expiry job finds due ones here). Deltas of a batch are summed in memory and written with one
 * statement per table, which is what makes a rebuild fast.
 */
export const ledgerBalancesProjection = defineProjection<BalanceTable>({
  name: 'ledger_balances',
  version: 1,
  tableNames: ['ledger_balances', 'ledger_currency_totals', 'ledger_holds', 'ledger_demo_personas'],
  eventTypes: LEDGER_PROJECTED_EVENT_TYPES,
  createTables: (tables) => [
    `CREATE TABLE ${tables.ledger_balances} (
       account_id text NOT NULL,
       currency text NOT NULL,
       user_id text,
       balance_minor bigint NOT NULL DEFAULT 0,
       held_minor bigint NOT NULL DEFAULT 0,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (account_id, currency)
     )`,
    `CREATE INDEX ON ${tables.ledger_balances} (user_id) WHERE user_id IS NOT NULL`,
    `CREATE TABLE ${tables.ledger_currency_totals} (
       currency text PRIMARY KEY,
       user_balance_minor bigint NOT NULL DEFAULT 0,
       user_held_minor bigint NOT NULL DEFAULT 0,
       system_balance_minor bigint NOT NULL DEFAULT 0,
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE ${tables.ledger_holds} (
       hold_id text PRIMARY KEY,
       user_id text NOT NULL,
       currency text NOT NULL,
       amount_minor bigint NOT NULL,
       expires_at timestamptz NOT NULL,
       status text NOT NULL
     )`,
    `CREATE INDEX ON ${tables.ledger_holds} (expires_at) WHERE status = 'open'`,
    // Which users are demo personas, so the daily job can top them up again.
    `CREATE TABLE ${tables.ledger_demo_personas} (
       user_id text PRIMARY KEY, persona text NOT NULL, last_funded_day text NOT NULL
     )`,
  ],
  handle: async (events, transaction, tables) => {
    const balances = new Map<string, BalanceEffect>();
    const placed = new Map<string, HoldRow>();
    const resolved = new Map<string, HoldRow['status']>();
    const personas = new Map<string, { persona: string; day: string }>();
    for (const { stored, event } of parsed(events)) {
      if (event.type === 'LedgerDemoPersonaFunded')
        personas.set(event.data.userId, { persona: event.data.persona, day: event.data.utcDay });
      for (const effect of balanceEffects(stored, event)) {
        const key = `${effect.accountId}|${effect.currency}`;
        const sum = balances.get(key);
        if (sum) {
          sum.balanceDeltaMinor += effect.balanceDeltaMinor;
          sum.heldDeltaMinor += effect.heldDeltaMinor;
        } else balances.set(key, { ...effect });
      }
      const holds = holdEffects(event);
      if (holds.placed) placed.set(holds.placed.holdId, holds.placed);
      if (holds.resolved) {
        const inBatch = placed.get(holds.resolved.holdId);
        if (inBatch) inBatch.status = holds.resolved.status;
        else resolved.set(holds.resolved.holdId, holds.resolved.status);
      }
    }
    await writeBalances(transaction, tables, [...balances.values()]);
    await writeHolds(transaction, tables, [...placed.values()], resolved);
    await upsertRows(
      transaction,
      tables.ledger_demo_personas,
      { user_id: 'text', persona: 'text', last_funded_day: 'text' },
      [...personas].map(([userId, entry]) => [userId, entry.persona, entry.day]),
      'ON CONFLICT (user_id) DO UPDATE SET persona = excluded.persona, last_funded_day = excluded.last_funded_day',
    );
  },
});

async function writeBalances(
  transaction: TransactionHandle,
  tables: ProjectionTables<BalanceTable>,
  effects: BalanceEffect[],
) {
  if (effects.length === 0) return;
  const incoming = rowsTable(1, {
    account_id: 'text',
    currency: 'text',
    user_id: 'text',
    balance_minor: 'bigint',
    held_minor: 'bigint',
  });
  // Only rows of user accounts that went below zero come back (checked in SQL, not shipped to the client).
  const written = await transaction.query<{ account_id: string; currency: string; available: string }>(
    `WITH written AS (
       INSERT INTO ${tables.ledger_balances} AS target (account_id, currency, user_id, balance_minor, held_minor)
       SELECT * FROM ${incoming} AS incoming
       ON CONFLICT (account_id, currency) DO UPDATE SET
         balance_minor = target.balance_minor + excluded.balance_minor,
         held_minor = target.held_minor + excluded.held_minor,
         updated_at = now()
       RETURNING account_id, currency, user_id, balance_minor - held_minor AS available
     )
     SELECT account_id, currency, available::text AS available
     FROM written WHERE user_id IS NOT NULL AND available < 0`,
    [
      rowsDocument(
        effects.map((effect) => [
          effect.accountId,
          effect.currency,
          effect.userId,
          effect.balanceDeltaMinor.toString(),
          effect.heldDeltaMinor.toString(),
        ]),
      ),
    ],
  );
  // Asserted again where balances are projected: a user account below zero means the write side broke its rule.
  for (const row of written.rows) {
    logger.error(`Invariant broken: ${row.account_id} ${row.currency} available balance is ${row.available}`);
  }
  const totals = new Map<string, { user: bigint; held: bigint; system: bigint }>();
  for (const effect of effects) {
    const entry = totals.get(effect.currency) ?? { user: 0n, held: 0n, system: 0n };
    if (effect.userId !== null) {
      entry.user += effect.balanceDeltaMinor;
      entry.held += effect.heldDeltaMinor;
    } else entry.system += effect.balanceDeltaMinor;
    totals.set(effect.currency, entry);
  }
  await upsertRows(
    transaction,
    tables.ledger_currency_totals,
    { currency: 'text', user_balance_minor: 'bigint', user_held_minor: 'bigint', system_balance_minor: 'bigint' },
    [...totals].map(([currency, total]) => [
      currency,
      total.user.toString(),
      total.held.toString(),
      total.system.toString(),
    ]),
    `ON CONFLICT (currency) DO UPDATE SET
       user_balance_minor = target.user_balance_minor + excluded.user_balance_minor,
       user_held_minor = target.user_held_minor + excluded.user_held_minor,
       system_balance_minor = target.system_balance_minor + excluded.system_balance_minor,
       updated_at = now()`,
  );
}

async function writeHolds(
  transaction: TransactionHandle,
  tables: ProjectionTables<BalanceTable>,
  placed: HoldRow[],
  resolved: Map<string, HoldRow['status']>,
) {
  await upsertRows(
    transaction,
    tables.ledger_holds,
    {
      hold_id: 'text',
      user_id: 'text',
      currency: 'text',
      amount_minor: 'bigint',
      expires_at: 'timestamptz',
      status: 'text',
    },
    placed.map((hold) => [
      hold.holdId,
      hold.userId,
      hold.currency,
      hold.amountMinor.toString(),
      hold.expiresAt,
      hold.status,
    ]),
    'ON CONFLICT (hold_id) DO NOTHING',
  );
  if (resolved.size > 0) {
    await transaction.query(
      `UPDATE ${tables.ledger_holds} AS target SET status = change.status
       FROM ${rowsTable(1, { hold_id: 'text', status: 'text' })} AS change WHERE target.hold_id = change.hold_id`,
      [rowsDocument([...resolved])],
    );
  }
}

type TransactionTable = 'ledger_transactions';

/**
 * A user's transactions, newest first, with the spec's fields (signed amounts in minor units). A row is keyed by its
 * user and id: both sides of a transaction between two users carry the same id (version 1 keyed by id alone and so
 * kept only one side; version 2 rebuilds it).
 */
export const ledgerTransactionsProjection = defineProjection<TransactionTable>({
  name: 'ledger_transactions',
  // Version 3: a captured hold is one row (the hold's, completed, with the amount spent), not a pending row and a
  // second completed one.
  version: 3,
  tableNames: ['ledger_transactions'],
  eventTypes: LEDGER_PROJECTED_EVENT_TYPES,
  createTables: (tables) => [
    `CREATE TABLE ${tables.ledger_transactions} (
       id text NOT NULL,
       user_id text NOT NULL,
       transaction_id text NOT NULL,
       transaction_type text NOT NULL,
       description text NOT NULL,
       amount_minor bigint NOT NULL,
       currency text NOT NULL,
       status text NOT NULL,
       created_at timestamptz NOT NULL,
       position bigint NOT NULL,
       PRIMARY KEY (user_id, id)
     )`,
  ],
  // The user's list and the reversal lookup by transaction id; batches find rows by primary key only.
  createIndexes: (tables) => [
    `CREATE INDEX ON ${tables.ledger_transactions} (user_id, created_at DESC, position DESC)`,
    `CREATE INDEX ON ${tables.ledger_transactions} (transaction_id)`,
  ],
  handle: async (events, transaction, tables) => {
    const { rows, changes } = foldTransactionBatch(events);
    await upsertRows(
      transaction,
      tables.ledger_transactions,
      {
        id: 'text',
        user_id: 'text',
        transaction_id: 'text',
        transaction_type: 'text',
        description: 'text',
        amount_minor: 'bigint',
        currency: 'text',
        status: 'text',
        created_at: 'timestamptz',
        position: 'bigint',
      },
      [...rows.values()].map((row) => [
        row.id,
        row.userId,
        row.transactionId,
        row.transactionType,
        row.description,
        row.amountMinor.toString(),
        row.currency,
        row.status,
        row.createdAt,
        row.position.toString(),
      ]),
      'ON CONFLICT (user_id, id) DO NOTHING',
    );
    await writeStatusChanges(transaction, tables, changes);
  },
});

export const LEDGER_PROJECTIONS = [ledgerBalancesProjection, ledgerTransactionsProjection];

/** A status change to a row written by an earlier batch. */
interface RowStatusChange {
  userId: string;
  id: string;
  status: TransactionRow['status'];
  amountMinor?: bigint;
  description?: string;
}

/** A batch's new rows (with their positions) and its status changes to rows of earlier batches, by row key. */
function foldTransactionBatch(events: StoredEvent[]) {
  const rows = new Map<string, TransactionRow & { position: bigint }>();
  // Status changes to rows written by earlier batches, by row key; of several for one row the last one wins.
  const changes = new Map<string, RowStatusChange>();
  for (const { stored, event } of parsed(events)) {
    const effects = transactionEffects(stored, event);
    for (const row of effects.rows) rows.set(transactionRowKey(row), { ...row, position: stored.position });
    for (const change of effects.statusChanges) {
      for (const id of change.rowIds) {
        const key = transactionRowKey({ userId: change.userId, id });
        const inBatch = rows.get(key);
        if (inBatch) applyStatusChange(inBatch, change);
        else {
          // Later changes win field by field: a release after a capture keeps the capture's amount.
          const earlier = changes.get(key);
          changes.set(key, {
            userId: change.userId,
            id,
            status: change.status,
            amountMinor: change.amountMinor ?? earlier?.amountMinor,
            description: change.description ?? earlier?.description,
          });
        }
      }
    }
  }
  return { rows, changes };
}

async function writeStatusChanges(
  transaction: TransactionHandle,
  tables: ProjectionTables<TransactionTable>,
  changes: Map<string, RowStatusChange>,
) {
  if (changes.size === 0) return;
  const changeRows = rowsTable(1, {
    user_id: 'text',
    id: 'text',
    status: 'text',
    amount_minor: 'bigint',
    description: 'text',
  });
  // One statement for the batch's status changes, by primary key (ids of rows that do not exist match nothing).
  await transaction.query(
    `UPDATE ${tables.ledger_transactions} AS target
     SET status = change.status, amount_minor = COALESCE(change.amount_minor, target.amount_minor),
         description = COALESCE(change.description, target.description)
     FROM ${changeRows} AS change
     WHERE target.user_id = change.user_id AND target.id = change.id`,
    [
      rowsDocument(
        [...changes.values()].map((change) => [
          change.userId,
          change.id,
          change.status,
          change.amountMinor === undefined ? null : change.amountMinor.toString(),
          change.description ?? null,
        ]),
      ),
    ],
  );
}
