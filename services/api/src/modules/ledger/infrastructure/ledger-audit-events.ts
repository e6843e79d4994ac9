import type { StoredEvent } from '@app/event-store';
import { CURRENCIES, Currency } from '@app/contracts/ledger';
import { isUserAccount, userAccount, userIdOfAccount } from '../domain/accounts';
import { LedgerEvent, TransactionPosted } from '../domain/events';
import { userIdOfStream } from '../domain/streams';
import { UserLedgerState, availableBalance, evolve, initialUserLedgerState } from '../domain/user-ledger';

/** Reports one finding of `ledger verify`: the check that failed, what is wrong, and the stream (if any). */
export type Report = (check: string, message: string, streamId: string | null) => void;

/** The copies of one transaction seen so far (one per user it touches, in the users' streams). */
export interface TransactionCopies {
  canonical: string;
  copyCount: number;
  streams: Set<string>;
  expectedStreams: string[];
}

/** Checks a ledger event in its user's stream: its transaction copy, its holds, and the balance it leaves. */
export function checkEvent(
  stored: StoredEvent,
  event: LedgerEvent,
  users: Map<string, UserLedgerState>,
  copies: Map<string, TransactionCopies>,
  report: Report,
) {
  const owner = userIdOfStream(stored.streamId);
  if (event.type === 'LedgerTransactionPosted') checkTransactionCopy(stored, event.data, owner, copies, report);
  if (owner === null) return;
  const before = users.get(owner) ?? initialUserLedgerState(owner);
  checkHolds(stored, event, owner, before, report);
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

/** A transaction's copy: its postings are sound, it is in the stream it belongs to, and equals the other copies. */
function checkTransactionCopy(
  stored: StoredEvent,
  data: TransactionPosted,
  owner: string | null,
  copies: Map<string, TransactionCopies>,
  report: Report,
) {
  const { transactionId, postings, copyIndex, copyCount } = data;
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
      `Transaction ${transactionId} copy ${copyIndex} is in ${stored.streamId}, ` +
        `which is not the stream it belongs to`,
      stored.streamId,
    );
  }
  const { copyIndex: _index, ...shared } = data;
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

/** Holds are placed once, resolved once while open, captured in full, and a capture spends only what it holds. */
function checkHolds(stored: StoredEvent, event: LedgerEvent, owner: string, before: UserLedgerState, report: Report) {
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
        `Hold ${event.data.holdId} is captured for ${event.data.capturedMinor} and released for ` +
          `${event.data.releasedMinor}, which is not its ${hold.amountMinor}`,
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
        `Transaction ${event.data.transactionId} spends ${debited} from hold ${event.data.holdId}, ` +
          `which it did not capture`,
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
export function checkDemoIsolation(
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
