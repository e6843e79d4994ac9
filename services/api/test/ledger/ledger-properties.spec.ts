import fc from 'fast-check';
import type { StoredEvent } from '@app/event-store';
import { CURRENCIES } from '@app/contracts/ledger';
import { SYSTEM_ACCOUNTS, userAccount, userIdOfAccount } from '../../src/modules/ledger/domain/accounts';
import { decide, usersInvolved } from '../../src/modules/ledger/domain/decide';
import { LedgerCommand, ReversalView } from '../../src/modules/ledger/domain/decision';
import { evolveReversalView } from '../../src/modules/ledger/domain/reversal';
import { LedgerEvent, TransactionPosted, toPayload } from '../../src/modules/ledger/domain/events';
import { journalStreamId, userStreamId } from '../../src/modules/ledger/domain/streams';
import {
  UserLedgerState,
  availableBalance,
  evolve,
  foldUserLedger,
  initialUserLedgerState,
} from '../../src/modules/ledger/domain/user-ledger';
import {
  LedgerFold,
  holdRowId,
  parseLedgerEvent,
  transactionRowKey,
} from '../../src/modules/ledger/projections/ledger-fold';

/**
 * Proves, over random sequences of transfers, holds (place, capture part or all, release, expire) and reversals:
 * per-currency sums stay zero, no user's available balance goes below zero, holds resolve once, a transaction is
 * reversed at most once, and replaying the recorded events (through the JSON payloads) equals the live state.
 */
const users = ['u1', 'u2', 'u3'];
const currencies = ['points', 'gems'] as const;
const start = Date.parse('2026-11-21T00:00:00.000Z');

type Step =
  | { kind: 'issue'; user: number; currency: number; amount: number }
  | { kind: 'transfer'; from: number; to: number; currency: number; amount: number; fee: number }
  | { kind: 'place'; user: number; currency: number; amount: number; ttl: number }
  | { kind: 'capture'; hold: number; fraction: number }
  | { kind: 'release'; hold: number }
  | { kind: 'expire'; hold: number }
  | { kind: 'reverse'; transaction: number }
  | { kind: 'convert'; user: number; keys: number; gems: boolean };

const index = (max: number) => fc.integer({ min: 0, max });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('issue' as const),
    user: index(2),
    currency: index(1),
    amount: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: index(2),
    to: index(2),
    currency: index(1),
    amount: fc.integer({ min: 1, max: 50_000 }),
    fee: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('place' as const),
    user: index(2),
    currency: index(1),
    amount: fc.integer({ min: 1, max: 50_000 }),
    ttl: fc.integer({ min: 1, max: 10 }),
  }),
  fc.record({ kind: fc.constant('capture' as const), hold: index(20), fraction: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('release' as const), hold: index(20) }),
  fc.record({ kind: fc.constant('expire' as const), hold: index(20) }),
  fc.record({ kind: fc.constant('reverse' as const), transaction: index(30) }),
  fc.record({
    kind: fc.constant('convert' as const),
    user: index(2),
    keys: fc.integer({ min: 1, max: 4 }),
    gems: fc.boolean(),
  }),
);

class InMemoryLog {
  readonly stored: StoredEvent[] = [];
  private readonly versions = new Map<string, bigint>();
  append(streamId: string, event: LedgerEvent) {
    const version = (this.versions.get(streamId) ?? 0n) + 1n;
    this.versions.set(streamId, version);
    // The payload is exactly the JSON text round trip of the event (bigints as strings, undefined fields gone).
    expect(toPayload(event)).toStrictEqual(
      JSON.parse(
        JSON.stringify(event.data, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
      ),
    );
    this.stored.push({
      id: String(this.stored.length),
      streamId,
      streamVersion: version,
      type: event.type,
      data: toPayload(event),
      metadata: {},
      position: BigInt(this.stored.length + 1),
      transactionId: BigInt(this.stored.length + 1),
      hash: '',
      previousHash: '',
      recordedAt: new Date(),
    });
  }
}

describe('ledger properties', () => {
  it('keeps sums at zero, users non-negative, and replay equal to live over random histories', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 80 }), (steps) => {
        const live = new Map<string, UserLedgerState>(users.map((user) => [user, initialUserLedgerState(user)]));
        const log = new InMemoryLog();
        const holds: { holdId: string; userId: string }[] = [];
        const transactions: TransactionPosted[] = [];
        const reversed = new Set<string>();
        let clock = start;
        let counter = 0;
        for (const step of steps) {
          clock += 60_000;
          const now = new Date(clock).toISOString();
          const id = `x${(counter += 1)}`;
          const command = toCommand(step, id, now, holds, transactions);
          if (!command) continue;
          let reversal: ReversalView | undefined;
          if (command.type === 'ReverseTransaction') {
            const original = transactions.find(
              (transaction) => transaction.transactionId === command.data.originalTransactionId,
            )!;
            const anchor = usersInvolved({ type: 'PostTransaction', data: { ...original, now } })[0];
            reversal = { original: null, reversedBy: null };
            for (const stored of log.stored.filter((entry) => entry.streamId === userStreamId(anchor))) {
              reversal = evolveReversalView(reversal, parseLedgerEvent(stored), original.transactionId);
            }
          }
          const decision = decide(command, { users: live, reversal });
          if (decision.kind === 'refused') continue;
          if (command.type === 'ReverseTransaction') {
            // A second reversal of the same transaction must have been refused above.
            expect(reversed.has(command.data.originalTransactionId)).toBe(false);
            reversed.add(command.data.originalTransactionId);
          }
          for (const [userId, events] of decision.userEvents) {
            for (const event of events) {
              log.append(userStreamId(userId), event);
              live.set(userId, evolve(live.get(userId) ?? initialUserLedgerState(userId), event));
              if (event.type === 'LedgerTransactionPosted' && event.data.copyIndex === 0) transactions.push(event.data);
              if (event.type === 'LedgerHoldPlaced') holds.push({ holdId: event.data.holdId, userId });
            }
          }
          for (const event of decision.journalEvents) log.append(journalStreamId(decision.transactionId!), event);
          for (const state of live.values()) {
            for (const currency of CURRENCIES) expect(availableBalance(state, currency)).toBeGreaterThanOrEqual(0n);
          }
        }
        // Replay through the stored JSON payloads equals the live states.
        for (const userId of users) {
          const replayed = foldUserLedger(
            userId,
            log.stored.filter((entry) => entry.streamId === userStreamId(userId)).map(parseLedgerEvent),
          );
          const current = live.get(userId)!;
          expect(replayed.balances).toEqual(current.balances);
          expect(replayed.held).toEqual(current.held);
          expect([...replayed.holds]).toEqual([...current.holds]);
        }
        // The projection fold agrees with the live states and every currency sums to zero.
        const fold = new LedgerFold();
        for (const stored of log.stored) fold.apply(stored, parseLedgerEvent(stored));
        for (const [currency, totals] of fold.totals()) {
          expect({ currency, sum: totals.userBalanceMinor + totals.systemBalanceMinor }).toEqual({ currency, sum: 0n });
        }
        for (const userId of users) {
          for (const currency of CURRENCIES) {
            const row = fold.balances.get(`${userAccount(userId)}|${currency}`);
            expect(row?.balanceMinor ?? 0n).toBe(live.get(userId)!.balances[currency]);
            expect(row?.heldMinor ?? 0n).toBe(live.get(userId)!.held[currency]);
          }
        }
        // Every user a transaction moves money for sees it in their list, with their own net amount per currency.
        for (const transaction of transactions) {
          const net = new Map<string, { userId: string; currency: string; amountMinor: bigint }>();
          for (const posting of transaction.postings) {
            for (const [accountId, sign] of [
              [posting.debitAccount, -1n],
              [posting.creditAccount, 1n],
            ] as const) {
              const userId = userIdOfAccount(accountId);
              if (userId === null) continue;
              const entry = net.get(`${userId}|${posting.currency}`) ?? {
                userId,
                currency: posting.currency,
                amountMinor: 0n,
              };
              entry.amountMinor += sign * posting.amountMinor;
              net.set(`${userId}|${posting.currency}`, entry);
            }
          }
          for (const { userId, currency, amountMinor } of net.values()) {
            if (amountMinor === 0n) continue;
            // A hold's capture shows on the hold's own row (pending, then completed with the amount spent), not on a row
            // of its own (ledger-fold.ts).
            const heldCurrency = transaction.holdId
              ? transaction.postings.find((posting) => posting.debitAccount === userAccount(userId))?.currency
              : undefined;
            const id =
              transaction.holdId && currency === heldCurrency
                ? holdRowId(transaction.holdId)
                : `${transaction.transactionId}:${currency}`;
            const row = fold.transactions.get(transactionRowKey({ userId, id }));
            expect({ userId, currency, amountMinor: row?.amountMinor }).toEqual({ userId, currency, amountMinor });
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

function toCommand(
  step: Step,
  id: string,
  now: string,
  holds: { holdId: string; userId: string }[],
  transactions: TransactionPosted[],
): LedgerCommand | null {
  switch (step.kind) {
    case 'issue':
      return {
        type: 'PostTransaction',
        data: {
          transactionId: id,
          reasonCode: 'ADJUSTMENT',
          description: 'issue',
          postings: [
            {
              debitAccount: SYSTEM_ACCOUNTS.issuance,
              creditAccount: userAccount(users[step.user]),
              currency: currencies[step.currency],
              amountMinor: BigInt(step.amount),
            },
          ],
          now,
        },
      };
    case 'transfer': {
      const postings = [
        {
          debitAccount: userAccount(users[step.from]),
          creditAccount: userAccount(users[step.to]),
          currency: currencies[step.currency],
          amountMinor: BigInt(step.amount),
        },
      ];
      if (step.fee > 0) {
        postings.push({
          debitAccount: userAccount(users[step.from]),
          creditAccount: SYSTEM_ACCOUNTS.fees,
          currency: currencies[step.currency],
          amountMinor: BigInt(step.fee),
        });
      }
      return {
        type: 'PostTransaction',
        data: { transactionId: id, reasonCode: 'TRANSFER', description: 'transfer', postings, now },
      };
    }
    case 'place':
      return {
        type: 'PlaceHold',
        data: {
          holdId: id,
          userId: users[step.user],
          currency: currencies[step.currency],
          amountMinor: BigInt(step.amount),
          expiresAt: new Date(Date.parse(now) + step.ttl * 60_000).toISOString(),
          reasonCode: 'STAKE',
          description: 'hold',
          now,
        },
      };
    case 'capture':
    case 'release':
    case 'expire': {
      const hold = holds[step.hold];
      if (!hold) return null;
      if (step.kind === 'release')
        return { type: 'ReleaseHold', data: { holdId: hold.holdId, userId: hold.userId, now } };
      if (step.kind === 'expire')
        return { type: 'ExpireHold', data: { holdId: hold.holdId, userId: hold.userId, now } };
      return {
        type: 'CaptureHold',
        data: {
          holdId: hold.holdId,
          userId: hold.userId,
          // A quarter to all of the largest hold amount: sometimes too much, which must be refused.
          amountMinor: BigInt(step.fraction) * 12_500n,
          creditAccount: 'escrow:stake:s1',
          transactionId: id,
          reasonCode: 'STAKE',
          description: 'capture',
          now,
        },
      };
    }
    case 'reverse': {
      const original = transactions[step.transaction];
      if (!original) return null;
      return {
        type: 'ReverseTransaction',
        data: { originalTransactionId: original.transactionId, reversalTransactionId: id, description: 'reverse', now },
      };
    }
    case 'convert':
      return {
        type: 'ConvertCurrency',
        data: {
          userId: users[step.user],
          fromCurrency: step.gems ? 'gems' : 'points',
          toCurrency: 'keys',
          keys: BigInt(step.keys),
          transactionId: id,
          now,
        },
      };
  }
}
