import { CONVERSION_RATES, Currency, DemoPersona, ReasonCode, minorUnitsPerUnit } from '@app/contracts/ledger';
import { AccountId, SYSTEM_ACCOUNTS, isUserAccount, userAccount, userIdOfAccount } from './accounts';
import { LedgerEvent, Posting, TransactionPosted, utcDayOf } from './events';
import { UserLedgerState, availableBalance, initialUserLedgerState, keysConvertedFromPointsOn } from './user-ledger';

/**
 * Commands of the ledger. Time, ids and rates arrive in the command because a concurrency retry runs `decide` again
 * and must reach the same answer.
 */
export type LedgerCommand =
  | { type: 'OpenUserAccounts'; data: { userId: string; transactionId: string; now: string } }
  /** Opens a demo login's sandbox (when the stream is new) and tops it up to the persona's floors. */
  | { type: 'FundDemoPersona'; data: { userId: string; persona: DemoPersona; transactionId: string; now: string } }
  /** Closes an expired sandbox: nothing moves in or out of it afterwards. */
  | { type: 'ArchiveSandbox'; data: { userId: string; now: string } }
  | {
      type: 'ConvertCurrency';
      data: { userId: string; fromCurrency: Currency; toCurrency: Currency; keys: bigint; transactionId: string; now: string };
    }
  | {
      type: 'PostTransaction';
      data: {
        transactionId: string;
        reasonCode: ReasonCode;
        description: string;
        postings: Posting[];
        now: string;
        references?: Record<string, string>;
      };
    }
  | {
      type: 'PlaceHold';
      data: {
        holdId: string;
        userId: string;
        currency: Currency;
        amountMinor: bigint;
        expiresAt: string;
        reasonCode: ReasonCode;
        description: string;
        now: string;
      };
    }
  | {
      type: 'CaptureHold';
      data: {
        holdId: string;
        userId: string;
        amountMinor: bigint;
        creditAccount: AccountId;
        transactionId: string;
        reasonCode: ReasonCode;
        description: string;
        now: string;
      };
    }
  | { type: 'ReleaseHold'; data: { holdId: string; userId: string; now: string } }
  | { type: 'ExpireHold'; data: { holdId: string; userId: string; now: string } }
  | {
      type: 'ReverseTransaction';
      data: { originalTransactionId: string; reversalTransactionId: string; description: string; now: string };
    };

/** Expected refusals, written as the rule that did not hold. Mapped to HTTP in `ledger-refusals.ts`. */
export type LedgerRefusal =
  | 'BALANCE_MUST_COVER_AMOUNT'
  | 'DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT'
  | 'CONVERSION_MUST_BE_POINTS_OR_GEMS_TO_KEYS'
  | 'AMOUNT_MUST_BE_POSITIVE'
  | 'POSTING_MUST_MOVE_BETWEEN_TWO_ACCOUNTS'
  | 'HOLD_MUST_BE_NEW'
  | 'HOLD_MUST_EXIST'
  | 'HOLD_MUST_BE_OPEN'
  | 'HOLD_MUST_NOT_HAVE_EXPIRED'
  | 'HOLD_MUST_HAVE_REACHED_ITS_DEADLINE'
  | 'CAPTURE_MUST_NOT_EXCEED_HOLD'
  | 'CAPTURE_MUST_CREDIT_A_SYSTEM_ACCOUNT'
  | 'TRANSACTION_MUST_EXIST'
  | 'TRANSACTION_MUST_NOT_BE_REVERSED_TWICE'
  | 'REVERSAL_MUST_NOT_BE_REVERSED'
  | 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS'
  | 'DEMO_FUNDING_MUST_GO_TO_A_SANDBOX'
  | 'ACCOUNT_MUST_NOT_BE_ARCHIVED'
  | 'ONLY_A_SANDBOX_MUST_BE_ARCHIVED';

/** What a reversal needs to know about the original, folded from the stream of one user it touched. */
export interface ReversalView {
  original: TransactionPosted | null;
  reversedBy: string | null;
}

export interface LedgerDecisionState {
  /** The state of every user stream the command touches (absent users are treated as empty streams). */
  users: ReadonlyMap<string, UserLedgerState>;
  reversal?: ReversalView;
}

export type LedgerDecision =
  | {
      kind: 'accepted';
      /** Events per user stream, in the order to append. */
      userEvents: ReadonlyMap<string, LedgerEvent[]>;
      /** Events of a transaction that touches no user account (go to a journal shard). */
      journalEvents: LedgerEvent[];
      transactionId: string | null;
    }
  | { kind: 'refused'; refusal: LedgerRefusal };

export const OPENING_GRANT: Readonly<Partial<Record<Currency, bigint>>> = Object.freeze({
  points: 250n, // 25 points at scale 1
  keys: 1n,
});

/** Demo persona floors in minor units: 5,000 points, 20 keys, 1,000 gems, 500 gold; advertisers 1,000 moves, investors $1,000. */
export function demoPersonaFloor(persona: DemoPersona): Partial<Record<Currency, bigint>> {
  const floor: Partial<Record<Currency, bigint>> = {
    points: 5_000n * minorUnitsPerUnit('points'),
    keys: 20n * minorUnitsPerUnit('keys'),
    gems: 1_000n * minorUnitsPerUnit('gems'),
    gold: 500n * minorUnitsPerUnit('gold'),
  };
  if (persona === 'advertiser') floor.moves = 1_000n * minorUnitsPerUnit('moves');
  if (persona === 'investor') floor.usd = 1_000n * minorUnitsPerUnit('usd');
  return floor;
}

/** Minor units of `fromCurrency` that buy `keys` keys. */
export function conversionCost(fromCurrency: Currency, keys: bigint): bigint | null {
  if (fromCurrency === 'points') return keys * BigInt(CONVERSION_RATES.pointsPerKey) * minorUnitsPerUnit('points');
  if (fromCurrency === 'gems') return keys * BigInt(CONVERSION_RATES.gemsPerKey) * minorUnitsPerUnit('gems');
  return null;
}

const refuse = (refusal: LedgerRefusal): LedgerDecision => ({ kind: 'refused', refusal });

function stateOf(state: LedgerDecisionState, userId: string): UserLedgerState {
  return state.users.get(userId) ?? initialUserLedgerState(userId);
}

/** The user ids whose accounts appear in the postings, sorted so every copy lands in the same order. */
export function userIdsOfPostings(postings: readonly Posting[]): string[] {
  const userIds = new Set<string>();
  for (const posting of postings) {
    for (const account of [posting.debitAccount, posting.creditAccount]) {
      const userId = userIdOfAccount(account);
      if (userId !== null) userIds.add(userId);
    }
  }
  return [...userIds].sort();
}

/** The user streams a command must load (and append to with their expected versions). */
export function usersInvolved(command: LedgerCommand, reversal?: ReversalView): string[] {
  switch (command.type) {
    case 'PostTransaction':
      return userIdsOfPostings(command.data.postings);
    case 'ReverseTransaction':
      return reversal?.original ? userIdsOfPostings(reversal.original.postings) : [];
    default:
      return [command.data.userId];
  }
}

/** Net change per user and currency that the postings cause. */
function netChanges(postings: readonly Posting[]): Map<string, Map<Currency, bigint>> {
  const changes = new Map<string, Map<Currency, bigint>>();
  const add = (account: AccountId, currency: Currency, delta: bigint) => {
    const userId = userIdOfAccount(account);
    if (userId === null) return;
    const perCurrency = changes.get(userId) ?? new Map<Currency, bigint>();
    perCurrency.set(currency, (perCurrency.get(currency) ?? 0n) + delta);
    changes.set(userId, perCurrency);
  };
  for (const posting of postings) {
    add(posting.debitAccount, posting.currency, -posting.amountMinor);
    add(posting.creditAccount, posting.currency, posting.amountMinor);
  }
  return changes;
}

/**
 * Validates postings and the "available never below zero" rule for every user the postings touch, then lays out
 * one identical copy of the transaction per user stream (copy 0 also carries the system legs) or a journal copy.
 */
function postTransaction(
  state: LedgerDecisionState,
  transaction: Omit<TransactionPosted, 'copyIndex' | 'copyCount'>,
  extraEventsBefore: Map<string, LedgerEvent[]> = new Map(),
  extraEventsAfter: Map<string, LedgerEvent[]> = new Map(),
): LedgerDecision {
  for (const posting of transaction.postings) {
    if (posting.amountMinor <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
    if (posting.debitAccount === posting.creditAccount) return refuse('POSTING_MUST_MOVE_BETWEEN_TWO_ACCOUNTS');
  }
  const isolation = sandboxIsolationRefusal(state, userIdsOfPostings(transaction.postings));
  if (isolation) return refuse(isolation);
  for (const [userId, perCurrency] of netChanges(transaction.postings)) {
    const user = stateOf(state, userId);
    for (const [currency, delta] of perCurrency) {
      if (delta < 0n && availableBalance(user, currency) + delta < 0n) return refuse('BALANCE_MUST_COVER_AMOUNT');
    }
  }
  const userIds = userIdsOfPostings(transaction.postings);
  const userEvents = new Map<string, LedgerEvent[]>();
  userIds.forEach((userId, copyIndex) => {
    userEvents.set(userId, [
      ...(extraEventsBefore.get(userId) ?? []),
      { type: 'LedgerTransactionPosted', data: { ...transaction, copyIndex, copyCount: userIds.length } },
      ...(extraEventsAfter.get(userId) ?? []),
    ]);
  });
  for (const [userId, events] of [...extraEventsBefore, ...extraEventsAfter]) {
    if (!userEvents.has(userId)) userEvents.set(userId, events);
  }
  const journalEvents: LedgerEvent[] =
    userIds.length === 0
      ? [{ type: 'LedgerTransactionPosted', data: { ...transaction, copyIndex: 0, copyCount: 1 } }]
      : [];
  return { kind: 'accepted', userEvents, journalEvents, transactionId: transaction.transactionId };
}

/**
 * Demo sandboxes are isolated: a transaction may touch sandboxes or real users' accounts, never both (system and
 * escrow accounts serve either), and nothing moves in or out of an archived sandbox. Every user whose account a
 * transaction touches gets a copy appended with the expected version its state was decided on, so this holds under
 * any concurrency and cannot be bypassed by any caller of the ledger.
 */
function sandboxIsolationRefusal(state: LedgerDecisionState, userIds: readonly string[]): LedgerRefusal | null {
  let sandboxes = 0;
  for (const userId of userIds) {
    const user = stateOf(state, userId);
    if (user.archived) return 'ACCOUNT_MUST_NOT_BE_ARCHIVED';
    if (user.sandbox) sandboxes += 1;
  }
  return sandboxes > 0 && sandboxes < userIds.length ? 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS' : null;
}

const accepted = (userId: string, events: LedgerEvent[], transactionId: string | null = null): LedgerDecision => ({
  kind: 'accepted',
  userEvents: new Map([[userId, events]]),
  journalEvents: [],
  transactionId,
});

export function decide(command: LedgerCommand, state: LedgerDecisionState): LedgerDecision {
  switch (command.type) {
    case 'OpenUserAccounts': {
      const { userId, transactionId, now } = command.data;
      const user = stateOf(state, userId);
      // Opening is idempotent per user: a second request changes nothing.
      if (user.opened) return accepted(userId, []);
      const postings = grantPostings(userId, OPENING_GRANT);
      return postTransaction(
        state,
        { transactionId, reasonCode: 'ACCOUNT_OPENING', description: 'Welcome bonus', postings, occurredAt: now },
        new Map([[userId, [{ type: 'LedgerAccountOpened', data: { userId, openedAt: now } }]]]),
      );
    }
    case 'FundDemoPersona': {
      const { userId, persona, transactionId, now } = command.data;
      const user = stateOf(state, userId);
      const utcDay = utcDayOf(now);
      // DEMO_FUNDING is issued to sandboxes only: a real user's open account is never topped up this way.
      if (user.opened && !user.sandbox) return refuse('DEMO_FUNDING_MUST_GO_TO_A_SANDBOX');
      // An expired sandbox is not funded again (the daily job may still list it).
      if (user.archived) return accepted(userId, []);
      // Idempotent per UTC day: the daily job and every start may ask again.
      if (user.lastDemoFundingDay === utcDay) return accepted(userId, []);
      const topUps: Partial<Record<Currency, bigint>> = {};
      for (const [currency, floor] of Object.entries(demoPersonaFloor(persona)) as [Currency, bigint][]) {
        const missing = floor - availableBalance(user, currency);
        if (missing > 0n) topUps[currency] = missing;
      }
      const opening: LedgerEvent[] = user.opened ? [] : [{ type: 'LedgerAccountOpened', data: { userId, openedAt: now, sandbox: true } }];
      const postings = grantPostings(userId, topUps);
      const funded = (id: string | null): LedgerEvent => ({
        type: 'LedgerDemoPersonaFunded',
        data: { userId, persona, utcDay, transactionId: id },
      });
      if (postings.length === 0) return accepted(userId, [...opening, funded(null)]);
      return postTransaction(
        state,
        { transactionId, reasonCode: 'DEMO_FUNDING', description: `Demo ${persona} daily top-up`, postings, occurredAt: now },
        new Map([[userId, opening]]),
        new Map([[userId, [funded(transactionId)]]]),
      );
    }
    case 'ArchiveSandbox': {
      const { userId, now } = command.data;
      const user = stateOf(state, userId);
      if (!user.sandbox) return refuse('ONLY_A_SANDBOX_MUST_BE_ARCHIVED');
      if (user.archived) return accepted(userId, []);
      return accepted(userId, [{ type: 'LedgerSandboxArchived', data: { userId, archivedAt: now, reason: 'inactive' } }]);
    }
    case 'ConvertCurrency': {
      const { userId, fromCurrency, toCurrency, keys, transactionId, now } = command.data;
      const cost = conversionCost(fromCurrency, keys);
      if (toCurrency !== 'keys' || cost === null) return refuse('CONVERSION_MUST_BE_POINTS_OR_GEMS_TO_KEYS');
      if (keys <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
      const user = stateOf(state, userId);
      const utcDay = utcDayOf(now);
      if (
        fromCurrency === 'points' &&
        keysConvertedFromPointsOn(user, utcDay) + keys > BigInt(CONVERSION_RATES.dailyKeysFromPointsLimit)
      ) {
        return refuse('DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT');
      }
      const me = userAccount(userId);
      return postTransaction(state, {
        transactionId,
        reasonCode: 'CONVERSION',
        description: `Converted ${fromCurrency} to ${keys} key${keys === 1n ? '' : 's'}`,
        postings: [
          { debitAccount: me, creditAccount: SYSTEM_ACCOUNTS.conversion, currency: fromCurrency, amountMinor: cost },
          { debitAccount: SYSTEM_ACCOUNTS.conversion, creditAccount: me, currency: 'keys', amountMinor: keys },
        ],
        occurredAt: now,
        conversion: { fromCurrency, toCurrency, keys, utcDay },
      });
    }
    case 'PostTransaction': {
      const { transactionId, reasonCode, description, postings, now, references } = command.data;
      if (postings.length === 0) return refuse('AMOUNT_MUST_BE_POSITIVE');
      return postTransaction(state, { transactionId, reasonCode, description, postings, occurredAt: now, references });
    }
    case 'PlaceHold': {
      const { holdId, userId, currency, amountMinor, expiresAt, reasonCode, description, now } = command.data;
      if (amountMinor <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
      const user = stateOf(state, userId);
      if (user.archived) return refuse('ACCOUNT_MUST_NOT_BE_ARCHIVED');
      if (user.holds.has(holdId)) return refuse('HOLD_MUST_BE_NEW');
      if (availableBalance(user, currency) < amountMinor) return refuse('BALANCE_MUST_COVER_AMOUNT');
      return accepted(userId, [
        {
          type: 'LedgerHoldPlaced',
          data: { holdId, userId, currency, amountMinor, expiresAt, reasonCode, description, placedAt: now },
        },
      ]);
    }
    case 'CaptureHold': {
      const { holdId, userId, amountMinor, creditAccount, transactionId, reasonCode, description, now } = command.data;
      const user = stateOf(state, userId);
      const hold = user.holds.get(holdId);
      if (!hold) return refuse('HOLD_MUST_EXIST');
      if (hold.status !== 'open') return refuse('HOLD_MUST_BE_OPEN');
      if (Date.parse(now) >= Date.parse(hold.expiresAt)) return refuse('HOLD_MUST_NOT_HAVE_EXPIRED');
      if (amountMinor <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
      if (amountMinor > hold.amountMinor) return refuse('CAPTURE_MUST_NOT_EXCEED_HOLD');
      if (isUserAccount(creditAccount)) return refuse('CAPTURE_MUST_CREDIT_A_SYSTEM_ACCOUNT');
      // The capture releases the whole hold and posts the captured part in the same append, so the money counted
      // as held becomes spent without ever being available in between.
      const captured: LedgerEvent = {
        type: 'LedgerHoldCaptured',
        data: {
          holdId,
          userId,
          currency: hold.currency,
          capturedMinor: amountMinor,
          releasedMinor: hold.amountMinor - amountMinor,
          transactionId,
          capturedAt: now,
        },
      };
      const released: UserLedgerState = {
        ...user,
        held: { ...user.held, [hold.currency]: user.held[hold.currency] - hold.amountMinor },
      };
      return postTransaction(
        { ...state, users: new Map([...state.users, [userId, released]]) },
        {
          transactionId,
          reasonCode,
          description,
          postings: [
            { debitAccount: userAccount(userId), creditAccount, currency: hold.currency, amountMinor },
          ],
          occurredAt: now,
          holdId,
        },
        new Map([[userId, [captured]]]),
      );
    }
    case 'ReleaseHold':
    case 'ExpireHold': {
      const { holdId, userId, now } = command.data;
      const hold = stateOf(state, userId).holds.get(holdId);
      if (!hold) return refuse('HOLD_MUST_EXIST');
      if (hold.status !== 'open') return refuse('HOLD_MUST_BE_OPEN');
      if (command.type === 'ExpireHold' && Date.parse(now) < Date.parse(hold.expiresAt)) {
        return refuse('HOLD_MUST_HAVE_REACHED_ITS_DEADLINE');
      }
      return accepted(userId, [
        {
          type: 'LedgerHoldReleased',
          data: {
            holdId,
            userId,
            currency: hold.currency,
            amountMinor: hold.amountMinor,
            reason: command.type === 'ExpireHold' ? 'expired' : 'released',
            releasedAt: now,
          },
        },
      ]);
    }
    case 'ReverseTransaction': {
      const { originalTransactionId, reversalTransactionId, description, now } = command.data;
      const original = state.reversal?.original;
      if (!original || original.transactionId !== originalTransactionId) return refuse('TRANSACTION_MUST_EXIST');
      if (original.reversesTransactionId) return refuse('REVERSAL_MUST_NOT_BE_REVERSED');
      if (state.reversal?.reversedBy) return refuse('TRANSACTION_MUST_NOT_BE_REVERSED_TWICE');
      return postTransaction(state, {
        transactionId: reversalTransactionId,
        reasonCode: 'REVERSAL',
        description,
        postings: original.postings.map((posting) => ({
          ...posting,
          debitAccount: posting.creditAccount,
          creditAccount: posting.debitAccount,
        })),
        occurredAt: now,
        reversesTransactionId: originalTransactionId,
      });
    }
  }
}

function grantPostings(userId: string, amounts: Partial<Record<Currency, bigint>>): Posting[] {
  return (Object.entries(amounts) as [Currency, bigint][])
    .filter(([, amountMinor]) => amountMinor > 0n)
    .map(([currency, amountMinor]) => ({
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: userAccount(userId),
      currency,
      amountMinor,
    }));
}

/** Folds the reversal view of one transaction from the events of a stream that recorded it. */
export function evolveReversalView(view: ReversalView, event: LedgerEvent, originalTransactionId: string): ReversalView {
  if (event.type !== 'LedgerTransactionPosted') return view;
  if (event.data.transactionId === originalTransactionId) return { ...view, original: event.data };
  if (event.data.reversesTransactionId === originalTransactionId) return { ...view, reversedBy: event.data.transactionId };
  return view;
}
