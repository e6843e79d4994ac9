import {
  CHECKPOINT_START,
  GENESIS_HASH,
  compareCheckpoints,
  verifyStreamChain,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
} from '@app/event-store';
import { CURRENCIES, VerifyReport, formatMinor } from '@app/contracts/ledger';
import { LedgerEvent } from '../domain/events';
import { isLedgerStream, userStreamId } from '../domain/streams';
import { IssuanceTally } from '../domain/issuance-tally';
import { IssuanceBoundsCheck } from '../domain/issuance-bounds';
import { ReferralCycles } from '../audit-ledger/referral-cycles';
import { UserLedgerState } from '../domain/user-ledger';
import { LedgerFold, LEDGER_PROJECTED_EVENT_TYPES, parseLedgerEvent } from '../projections/ledger-fold';
import { compareProjection, readProjectionSnapshots, type ProjectionSnapshot } from './ledger-audit-projections';
import { checkDemoIsolation, checkEvent, type Report, type TransactionCopies } from './ledger-audit-events';

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

/** What a verification accumulates while it reads the log in order. */
interface AuditState {
  eventsChecked: number;
  chains: Map<string, { streamVersion: bigint; hash: string }>;
  users: Map<string, UserLedgerState>;
  copies: Map<string, TransactionCopies>;
  fold: LedgerFold;
  issuance: IssuanceTally;
  issuanceBounds: IssuanceBoundsCheck;
  referralCycles: ReferralCycles;
  escrowSides: Map<string, { demo: boolean; real: boolean }>;
}

function newAuditState(): AuditState {
  return {
    eventsChecked: 0,
    chains: new Map(),
    users: new Map(),
    copies: new Map(),
    fold: new LedgerFold(),
    issuance: new IssuanceTally(),
    issuanceBounds: new IssuanceBoundsCheck(),
    referralCycles: new ReferralCycles(),
    escrowSides: new Map(),
  };
}

/** Where reading must reach: every projection snapshot's checkpoint and everything committed when verify started. */
interface ReadTarget {
  snapshots: ProjectionSnapshot[];
  committedAtStart: Checkpoint;
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
  const eventsTotal = options.onProgress ? Number((await eventStore.headCheckpoint()).position) : 0;
  const snapshots = await readProjectionSnapshots(eventStore);
  // Verify covers everything committed before it started (an auditor's own last write included), once readable.
  const committedAtStart = await newestCommitted(eventStore);
  const state = newAuditState();
  await readWholeLog(eventStore, state, { snapshots, committedAtStart }, { ...options, eventsTotal }, report);
  compareDueProjections(snapshots, state.fold, null, report);
  const issuanceRows = state.issuance.byReason();
  reportUndocumentedIssuance(issuanceRows, report);
  for (const message of state.referralCycles.findings()) report('issuance', message, null);
  reportIncompleteCopies(state.copies, report);
  const currencies = currencyTotals(state.fold, report);
  reportNegativeEndBalances(state.fold, report);
  return {
    ok: findings.length === 0,
    events_checked: state.eventsChecked,
    streams_checked: state.chains.size,
    transactions_checked: state.copies.size,
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

/** Reads the log from the start in batches, checking every event, until it has read all of `target`. */
async function readWholeLog(
  eventStore: EventStore,
  state: AuditState,
  target: ReadTarget,
  options: VerifyOptions & { eventsTotal: number },
  report: Report,
) {
  const batchSize = options.batchSize ?? READ_BATCH;
  let checkpoint: Checkpoint = CHECKPOINT_START;
  const waitUntil = Date.now() + 30_000;
  for (;;) {
    const batch = await eventStore.readAll(checkpoint, { limit: batchSize });
    for (const stored of batch.events) {
      const next = { transactionId: stored.transactionId, position: stored.position };
      compareDueProjections(target.snapshots, state.fold, next, report);
      checkStoredEvent(stored, state, report);
    }
    checkpoint = batch.nextCheckpoint;
    // Events appended since the start make the count pass the total: the total grows with it rather than pass 100 %.
    await options.onProgress?.({
      eventsChecked: state.eventsChecked,
      eventsTotal: Math.max(options.eventsTotal, state.eventsChecked),
      streamsChecked: state.chains.size,
    });
    if (!batch.caughtUp) continue;
    if (hasReadTarget(target, checkpoint, waitUntil, report)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Compares each projection snapshot not compared yet whose checkpoint is before `next` (every one when null). */
function compareDueProjections(
  snapshots: ProjectionSnapshot[],
  fold: LedgerFold,
  next: Checkpoint | null,
  report: Report,
) {
  for (const snapshot of snapshots) {
    if (snapshot.compared) continue;
    if (next === null || compareCheckpoints(next, snapshot.checkpoint) > 0) {
      compareProjection(snapshot, fold, report);
      snapshot.compared = true;
    }
  }
}

/**
 * Whether reading, caught up at `checkpoint`, can stop. The readable end stops below the oldest transaction still
 * running anywhere in the cluster; a projection snapshot may already be past it. Reading waits (briefly, until
 * `waitUntil`) until the log is readable up to every snapshot's checkpoint, then stops with findings.
 */
function hasReadTarget(target: ReadTarget, checkpoint: Checkpoint, waitUntil: number, report: Report): boolean {
  const pending = target.snapshots.filter(
    (snapshot) => !snapshot.compared && compareCheckpoints(snapshot.checkpoint, checkpoint) > 0,
  );
  const behindStart = compareCheckpoints(target.committedAtStart, checkpoint) > 0;
  if (pending.length === 0 && !behindStart) return true;
  if (Date.now() <= waitUntil) return false;
  for (const snapshot of pending)
    report(`projection:${snapshot.name}`, `checkpoint is beyond the readable end of the log`, null);
  if (behindStart)
    report(
      'coverage',
      `events committed before verify started, up to position ${target.committedAtStart.position}, ` +
        `were not readable within 30 s`,
      null,
    );
  return true;
}

/** Checks one event of the log: its stream's hash chain, then (for a ledger stream) its payload and effects. */
function checkStoredEvent(stored: StoredEvent, state: AuditState, report: Report) {
  state.eventsChecked += 1;
  const previous = state.chains.get(stored.streamId) ?? { streamVersion: 0n, hash: GENESIS_HASH };
  const chain = verifyStreamChain([stored], previous);
  if (!chain.valid) report('hash_chain', chain.message, stored.streamId);
  state.chains.set(stored.streamId, { streamVersion: stored.streamVersion, hash: stored.hash });
  if (!isLedgerStream(stored.streamId)) return;
  let event: LedgerEvent;
  try {
    event = parseLedgerEvent(stored);
  } catch (error) {
    report(
      'payload',
      `Event ${stored.id} at position ${stored.position} does not parse: ${(error as Error).message.slice(0, 200)}`,
      stored.streamId,
    );
    return;
  }
  checkDemoIsolation(stored, event, state.users, state.escrowSides, report);
  checkEvent(stored, event, state.users, state.copies, report);
  if ((LEDGER_PROJECTED_EVENT_TYPES as readonly string[]).includes(stored.type)) state.fold.apply(stored, event);
  if (event.type === 'LedgerTransactionPosted') {
    state.issuance.add(event.data, stored.recordedAt.toISOString().slice(0, 10));
    for (const message of state.issuanceBounds.add(event.data)) report('issuance_bound', message, stored.streamId);
    state.referralCycles.add(event.data);
  }
}

function reportUndocumentedIssuance(issuanceRows: ReturnType<IssuanceTally['byReason']>, report: Report) {
  for (const row of issuanceRows) {
    if (row.undocumented) {
      report(
        'issuance',
        `${formatMinor(row.totalMinor, row.currency)} ${row.currency} issued in ${row.credits} credit(s) ` +
          `under ${row.reasonCode} (first: transaction ${row.firstTransactionId}): ${row.undocumented}`,
        null,
      );
    }
  }
}

function reportIncompleteCopies(copies: Map<string, TransactionCopies>, report: Report) {
  for (const [transactionId, copy] of copies) {
    if (copy.streams.size !== copy.copyCount) {
      report(
        'transaction_copies',
        `Transaction ${transactionId} has ${copy.streams.size} of ${copy.copyCount} copies`,
        [...copy.streams][0] ?? null,
      );
    }
  }
}

/** The user, system and summed totals per currency; reports a currency whose accounts do not sum to zero. */
function currencyTotals(fold: LedgerFold, report: Report): VerifyReport['currencies'] {
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
  return currencies;
}

function reportNegativeEndBalances(fold: LedgerFold, report: Report) {
  for (const row of fold.balances.values()) {
    if (row.userId !== null && row.balanceMinor - row.heldMinor < 0n) {
      report(
        'negative_balance',
        `${row.accountId} ${row.currency} ends at ${formatMinor(row.balanceMinor - row.heldMinor, row.currency)}`,
        userStreamId(row.userId),
      );
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
