import {
  CHECKPOINT_START,
  GENESIS_HASH,
  compareCheckpoints,
  verifyStreamChain,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
} from '@app/event-store';
import { CURRENCIES, Currency, VerifyReport, formatMinor } from '@app/contracts/ledger';
import { isUserAccount, userAccount, userIdOfAccount } from '../domain/accounts';
import { LedgerEvent } from '../domain/events';
import { isLedgerStream, userIdOfStream, userStreamId } from '../domain/streams';
import { IssuanceTally } from '../domain/issuance-tally';
import { IssuanceBoundsCheck } from '../domain/issuance-bounds';
import { ReferralCycles } from '../audit-ledger/referral-cycles';
import { UserLedgerState, availableBalance, evolve, initialUserLedgerState } from '../domain/user-ledger';
import {
  LedgerFold,
  LEDGER_PROJECTED_EVENT_TYPES,
  parseLedgerEvent,
  transactionRowKey,
} from '../projections/ledger-fold';

export interface Queryable {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number | null }>;
}

const READ_BATCH = 5_000;
const MAX_FINDINGS = 200;

/** How far a verification has read: events checked of the log's head position when it started (about its size). */
export interface VerifyProgress {
  eventsChecked: number;
  eventsTotal: number;
  streamsChecked: number;
}

export interface VerifyOptions {
  /** Called after every batch read (awaited: a slow listener slows the run rather than piling up). */
  onProgress?: (progress: VerifyProgress) => void | Promise<void>;
  /** Events per read; smaller batches report progress more often (tests). */
  batchSize?: number;
}

type Report = (check: string, message: string, streamId: string | null) => void;

interface ProjectionSnapshot {
  name: 'ledger_balances' | 'ledger_transactions';
  checkpoint: Checkpoint;
  rows: Record<string, Record<string, unknown>[]>;
  compared: boolean;
}

/**
 * `ledger verify`: replays every event of the log and reports what does not hold.
 * - every stream's hash chain (versions without gaps, links, content hashes);
 * - every ledger payload parses; every transaction's copies are identical, complete and in the right streams;
 *   postings are positive and between two different accounts;
 * - per currency, user accounts plus system accounts sum to zero;
 * - no user's available balance (balance − holds) is ever below zero, after any event; holds resolve once;
 * - no transaction moves value between a demo sandbox and a real user's account, directly or through one escrow;
 * - every credit out of `system:issuance` has a reason (and currency) documented in `CREDIT_RULES` (the ledger
 *   README's table) and stays within its rule's bound per credit and per account and period (`ISSUANCE_BOUNDS`);
 *   the report lists the issuance per reason and currency either way;
 * - each ledger projection's tables equal a fresh fold of the events up to that projection's checkpoint (the
 *   tables and checkpoints are read in one snapshot first, so a running service does not cause false findings).
 */
export async function verifyLedger(eventStore: EventStore, options: VerifyOptions = {}): Promise<VerifyReport> {
  const findings: VerifyReport['findings'] = [];
  const report: Report = (check, message, streamId) => {
    if (findings.length < MAX_FINDINGS) findings.push({ check, message, stream_id: streamId });
  };
  const batchSize = options.batchSize ?? READ_BATCH;
  const eventsTotal = options.onProgress ? Number((await eventStore.headCheckpoint()).position) : 0;
  const snapshots = await readProjectionSnapshots(eventStore);
  // Verify covers everything committed before it started (an auditor's own last write included), once readable.
  const committedAtStart = await newestCommitted(eventStore);
  const chains = new Map<string, { streamVersion: bigint; hash: string }>();
  const users = new Map<string, UserLedgerState>();
  const copies = new Map<
    string,
    { canonical: string; copyCount: number; streams: Set<string>; expectedStreams: string[] }
  >();
  const fold = new LedgerFold();
  const issuance = new IssuanceTally();
  const issuanceBounds = new IssuanceBoundsCheck();
  const referralCycles = new ReferralCycles();
  const escrowSides = new Map<string, { demo: boolean; real: boolean }>();
  let eventsChecked = 0;
  let checkpoint: Checkpoint = CHECKPOINT_START;
  const waitUntil = Date.now() + 30_000;

  const compareDue = (next: Checkpoint | null) => {
    for (const snapshot of snapshots) {
      if (snapshot.compared) continue;
      if (next === null || compareCheckpoints(next, snapshot.checkpoint) > 0) {
        compareProjection(snapshot, fold, report);
        snapshot.compared = true;
      }
    }
  };

  for (;;) {
    const batch = await eventStore.readAll(checkpoint, { limit: batchSize });
    for (const stored of batch.events) {
      compareDue({ transactionId: stored.transactionId, position: stored.position });
      eventsChecked += 1;
      const previous = chains.get(stored.streamId) ?? { streamVersion: 0n, hash: GENESIS_HASH };
      const chain = verifyStreamChain([stored], previous);
      if (!chain.valid) report('hash_chain', chain.message, stored.streamId);
      chains.set(stored.streamId, { streamVersion: stored.streamVersion, hash: stored.hash });
      if (!isLedgerStream(stored.streamId)) continue;
      let event: LedgerEvent;
      try {
        event = parseLedgerEvent(stored);
      } catch (error) {
        report(
          'payload',
          `Event ${stored.id} at position ${stored.position} does not parse: ${(error as Error).message.slice(0, 200)}`,
          stored.streamId,
        );
        continue;
      }
      checkDemoIsolation(stored, event, users, escrowSides, report);
      checkEvent(stored, event, users, copies, report);
      if ((LEDGER_PROJECTED_EVENT_TYPES as readonly string[]).includes(stored.type)) fold.apply(stored, event);
      if (event.type === 'LedgerTransactionPosted') {
        issuance.add(event.data, stored.recordedAt.toISOString().slice(0, 10));
        for (const message of issuanceBounds.add(event.data)) report('issuance_bound', message, stored.streamId);
        referralCycles.add(event.data);
      }
    }
    checkpoint = batch.nextCheckpoint;
    // Events appended since the start make the count pass the total: the total grows with it rather than pass 100 %.
    await options.onProgress?.({
      eventsChecked,
      eventsTotal: Math.max(eventsTotal, eventsChecked),
      streamsChecked: chains.size,
    });
    if (!batch.caughtUp) continue;
    // The readable end stops below the oldest transaction still running anywhere in the cluster; a projection
    // snapshot may already be past it. Wait (briefly) until the log is readable up to every snapshot's checkpoint.
    const pending = snapshots.filter(
      (snapshot) => !snapshot.compared && compareCheckpoints(snapshot.checkpoint, checkpoint) > 0,
    );
    const behindStart = compareCheckpoints(committedAtStart, checkpoint) > 0;
    if (pending.length === 0 && !behindStart) break;
    if (Date.now() > waitUntil) {
      for (const snapshot of pending)
        report(`projection:${snapshot.name}`, `checkpoint is beyond the readable end of the log`, null);
      if (behindStart)
        report(
          'coverage',
          `events committed before verify started, up to position ${committedAtStart.position}, were not readable within 30 s`,
          null,
        );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  compareDue(null);
  const issuanceRows = issuance.byReason();
  for (const row of issuanceRows) {
    if (row.undocumented) {
      report(
        'issuance',
        `${formatMinor(row.totalMinor, row.currency)} ${row.currency} issued in ${row.credits} credit(s) under ${row.reasonCode} (first: transaction ${row.firstTransactionId}): ${row.undocumented}`,
        null,
      );
    }
  }
  for (const message of referralCycles.findings()) report('issuance', message, null);

  for (const [transactionId, copy] of copies) {
    if (copy.streams.size !== copy.copyCount) {
      report(
        'transaction_copies',
        `Transaction ${transactionId} has ${copy.streams.size} of ${copy.copyCount} copies`,
        [...copy.streams][0] ?? null,
      );
    }
  }
  const currencies: VerifyReport['currencies'] = {};
  const totals = fold.totals();
  for (const currency of CURRENCIES) {
    const entry = totals.get(currency) ?? { userBalanceMinor: 0n, userHeldMinor: 0n, systemBalanceMinor: 0n };
    const sum = entry.userBalanceMinor + entry.systemBalanceMinor;
    currencies[currency] = {
      user_total: formatMinor(entry.userBalanceMinor, currency),
      system_total: formatMinor(entry.systemBalanceMinor, currency),
      sum: formatMinor(sum, currency),
    };
    if (sum !== 0n) report('zero_sum', `${currency}: accounts sum to ${formatMinor(sum, currency)}, not 0`, null);
  }
  for (const row of fold.balances.values()) {
    if (row.userId !== null && row.balanceMinor - row.heldMinor < 0n) {
      report(
        'negative_balance',
        `${row.accountId} ${row.currency} ends at ${formatMinor(row.balanceMinor - row.heldMinor, row.currency)}`,
        userStreamId(row.userId),
      );
    }
  }
  return {
    ok: findings.length === 0,
    events_checked: eventsChecked,
    streams_checked: chains.size,
    transactions_checked: copies.size,
    currencies,
    issuance: issuanceRows.map((row) => ({
      reason_code: row.reasonCode,
      currency: row.currency,
      total: formatMinor(row.totalMinor, row.currency),
      credits: row.credits,
      largest: formatMinor(row.largestMinor, row.currency),
      documented: row.undocumented === null,
    })),
    findings,
  };
}

function checkEvent(
  stored: StoredEvent,
  event: LedgerEvent,
  users: Map<string, UserLedgerState>,
  copies: Map<string, { canonical: string; copyCount: number; streams: Set<string>; expectedStreams: string[] }>,
  report: Report,
) {
  const owner = userIdOfStream(stored.streamId);
  if (event.type === 'LedgerTransactionPosted') {
    const { transactionId, postings, copyIndex, copyCount } = event.data;
    for (const posting of postings) {
      if (posting.amountMinor <= 0n)
        report('posting', `Transaction ${transactionId} has a posting of ${posting.amountMinor}`, stored.streamId);
      if (posting.debitAccount === posting.creditAccount)
        report('posting', `Transaction ${transactionId} moves from an account to itself`, stored.streamId);
    }
    const userIds = [
      ...new Set(
        postings
          .flatMap((posting) => [posting.debitAccount, posting.creditAccount])
          .filter(isUserAccount)
          .map((account) => userIdOfAccount(account)!),
      ),
    ].sort();
    const expectedOwner = userIds.length === 0 ? null : userIds[copyIndex];
    if (expectedOwner !== owner || copyCount !== Math.max(1, userIds.length)) {
      report(
        'transaction_copies',
        `Transaction ${transactionId} copy ${copyIndex} is in ${stored.streamId}, which is not the stream it belongs to`,
        stored.streamId,
      );
    }
    const { copyIndex: _index, ...shared } = event.data;
    const canonical = JSON.stringify(shared, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
    const existing = copies.get(transactionId);
    if (!existing)
      copies.set(transactionId, {
        canonical,
        copyCount,
        streams: new Set([stored.streamId]),
        expectedStreams: userIds,
      });
    else {
      if (existing.canonical !== canonical)
        report(
          'transaction_copies',
          `Copies of transaction ${transactionId} differ (in ${stored.streamId})`,
          stored.streamId,
        );
      if (existing.streams.has(stored.streamId))
        report(
          'transaction_copies',
          `Transaction ${transactionId} is recorded twice in ${stored.streamId}`,
          stored.streamId,
        );
      existing.streams.add(stored.streamId);
    }
  }
  if (owner === null) return;
  const before = users.get(owner) ?? initialUserLedgerState(owner);
  if (event.type === 'LedgerHoldPlaced' && before.holds.has(event.data.holdId)) {
    report('holds', `Hold ${event.data.holdId} is placed twice in ${stored.streamId}`, stored.streamId);
  }
  if (
    (event.type === 'LedgerHoldCaptured' || event.type === 'LedgerHoldReleased') &&
    before.holds.get(event.data.holdId)?.status !== 'open'
  ) {
    report(
      'holds',
      `Hold ${event.data.holdId} is resolved at position ${stored.position} but was not open`,
      stored.streamId,
    );
  }
  if (event.type === 'LedgerHoldCaptured') {
    const hold = before.holds.get(event.data.holdId);
    if (
      hold &&
      (event.data.capturedMinor <= 0n || event.data.capturedMinor + event.data.releasedMinor !== hold.amountMinor)
    ) {
      report(
        'holds',
        `Hold ${event.data.holdId} is captured for ${event.data.capturedMinor} and released for ${event.data.releasedMinor}, which is not its ${hold.amountMinor}`,
        stored.streamId,
      );
    }
  }
  if (event.type === 'LedgerTransactionPosted' && event.data.holdId) {
    // A capture's postings (the payout and its fee) spend only what the hold reserved, once it was captured.
    const hold = before.holds.get(event.data.holdId);
    const debited = event.data.postings
      .filter((posting) => posting.debitAccount === userAccount(owner))
      .reduce((sum, posting) => sum + posting.amountMinor, 0n);
    if (!hold || hold.status !== 'captured' || debited > hold.amountMinor) {
      report(
        'holds',
        `Transaction ${event.data.transactionId} spends ${debited} from hold ${event.data.holdId}, which it did not capture`,
        stored.streamId,
      );
    }
  }
  const after = evolve(before, event);
  users.set(owner, after);
  for (const currency of CURRENCIES as readonly Currency[]) {
    if (availableBalance(after, currency) < 0n && availableBalance(before, currency) >= 0n) {
      report(
        'negative_balance',
        `User ${owner} ${currency} available went below zero at position ${stored.position}`,
        stored.streamId,
      );
    }
  }
}

/**
 * Demo sandboxes are isolated (the decider refuses the rest): a transaction touches sandboxes or real users, never
 * both, and an escrow exchanges value with one side only (a demo drop's pool paid to a real applicant would mix
 * them). Checked once per transaction, on copy 0, against the users' states folded so far in log order.
 */
function checkDemoIsolation(
  stored: StoredEvent,
  event: LedgerEvent,
  users: Map<string, UserLedgerState>,
  escrowSides: Map<string, { demo: boolean; real: boolean }>,
  report: Report,
) {
  if (event.type !== 'LedgerTransactionPosted' || event.data.copyIndex !== 0) return;
  const { transactionId, postings } = event.data;
  const isSandbox = (account: string) => {
    const userId = userIdOfAccount(account);
    if (userId === null) return null;
    const state = users.get(userId);
    // Copy 0's own stream has not been folded for this event yet; a sandbox is marked before its first transaction.
    return state?.sandbox === true;
  };
  const sides = new Set<boolean>();
  for (const posting of postings) {
    for (const account of [posting.debitAccount, posting.creditAccount]) {
      const sandbox = isSandbox(account);
      if (sandbox !== null) sides.add(sandbox);
    }
  }
  if (sides.size > 1)
    report(
      'demo_isolation',
      `Transaction ${transactionId} (${stored.streamId}) moves value between a demo sandbox and a real account`,
      stored.streamId,
    );
  for (const posting of postings) {
    for (const [escrow, other] of [
      [posting.debitAccount, posting.creditAccount],
      [posting.creditAccount, posting.debitAccount],
    ]) {
      if (!escrow.startsWith('escrow:')) continue;
      const sandbox = isSandbox(other);
      if (sandbox === null) continue;
      const before = escrowSides.get(escrow) ?? { demo: false, real: false };
      const after = { demo: before.demo || sandbox, real: before.real || !sandbox };
      if (after.demo && after.real && !(before.demo && before.real)) {
        report(
          'demo_isolation',
          `Escrow ${escrow} exchanges value with both demo sandboxes and real accounts (transaction ${transactionId})`,
          stored.streamId,
        );
      }
      escrowSides.set(escrow, after);
    }
  }
}

/** The newest committed event, readable or not yet (the log is readable below the oldest transaction in flight). */
async function newestCommitted(eventStore: EventStore): Promise<Checkpoint> {
  return eventStore.withTransaction(async (transaction) => {
    const newest = await transaction.query<{ transaction_id: string; position: string }>(
      'SELECT transaction_id::text, position::text FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
    );
    const row = newest.rows[0];
    return row ? { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) } : CHECKPOINT_START;
  });
}

async function readProjectionSnapshots(eventStore: EventStore): Promise<ProjectionSnapshot[]> {
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
    }>(
      "SELECT name, transaction_id::text, position::text FROM projection_checkpoints WHERE name IN ('ledger_balances', 'ledger_transactions')",
    );
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

function compareProjection(snapshot: ProjectionSnapshot, fold: LedgerFold, reportAny: Report) {
  const check = `projection:${snapshot.name}`;
  // A projection's rows are not a stream's: these findings name tables, not streams.
  const report = (name: string, message: string) => reportAny(name, message, null);
  if (snapshot.name === 'ledger_balances') {
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
          `ledger_balances ${key} is ${balance} (held ${held}), the events give ${expected.balanceMinor} (held ${expected.heldMinor})`,
        );
      }
    }
    for (const [key, expected] of fold.balances) {
      if (!seen.has(key) && (expected.balanceMinor !== 0n || expected.heldMinor !== 0n))
        report(check, `ledger_balances lacks ${key}`);
    }
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
    const holdRows = new Map(snapshot.rows.ledger_holds.map((row) => [row.hold_id as string, row]));
    for (const [holdId, hold] of fold.holds) {
      const row = holdRows.get(holdId);
      if (!row || row.status !== hold.status || BigInt(row.amount_minor as string) !== hold.amountMinor) {
        report(check, `ledger_holds ${holdId} differs from the events`);
      }
    }
    if (holdRows.size !== fold.holds.size)
      report(check, `ledger_holds has ${holdRows.size} rows, the events give ${fold.holds.size}`);
  } else {
    const rows = snapshot.rows.ledger_transactions;
    for (const row of rows) {
      const expected = fold.transactions.get(
        transactionRowKey({ userId: row.user_id as string, id: row.id as string }),
      );
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
}
