import {
  SYSTEM_ACCOUNTS,
  escrowAccount,
  legsForStreamCopy,
  readTransactionCopy,
  userAccount,
  type LedgerLeg,
  type Posting,
} from '../../src/modules/ledger';
import { LedgerDecision } from '../../src/modules/ledger/domain/decision';
import { TransactionPosted, fromPayload, toPayload } from '../../src/modules/ledger/domain/events';
import { journalStreamId, userStreamId } from '../../src/modules/ledger/domain/streams';
import { funded, given } from './given-when-then';

const now = '2026-11-21T10:00:00.000Z';

/** Each copy the decider lays out for the postings, as (stream id, transaction) pairs. */
function copiesOf(postings: Posting[]): Array<{ streamId: string; transaction: TransactionPosted }> {
  const { decision } = given({ alice: funded('alice'), bob: funded('bob'), carol: funded('carol') }).when({
    type: 'PostTransaction',
    data: { transactionId: 't1', reasonCode: 'DROP_REWARD', description: 'drop completed', postings, now },
  });
  expect(decision.kind).toBe('accepted');
  const accepted = decision as Extract<LedgerDecision, { kind: 'accepted' }>;
  const copies = [...accepted.userEvents].map(([userId, events]) => ({
    streamId: userStreamId(userId),
    event: events[0]!,
  }));
  copies.push(...accepted.journalEvents.map((event) => ({ streamId: journalStreamId('t1'), event })));
  return copies.map(({ streamId, event }) => {
    if (event.type !== 'LedgerTransactionPosted') throw new Error('not a transaction');
    return { streamId, transaction: event.data };
  });
}

const key = (leg: Pick<LedgerLeg, 'accountId' | 'side' | 'currency' | 'amountMinor'>) =>
  `${leg.side} ${leg.accountId} ${leg.amountMinor} ${leg.currency}`;
const sidesOf = (postings: Posting[]) =>
  postings.flatMap((posting) => [
    key({
      accountId: posting.debitAccount,
      side: 'debit',
      currency: posting.currency,
      amountMinor: posting.amountMinor,
    }),
    key({
      accountId: posting.creditAccount,
      side: 'credit',
      currency: posting.currency,
      amountMinor: posting.amountMinor,
    }),
  ]);

describe('legsForStreamCopy: the legs a projection counts for one copy of a transaction', () => {
  const drop = escrowAccount('drop', 'd1');
  const postings: Posting[] = [
    {
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: userAccount('alice'),
      currency: 'points',
      amountMinor: 5_000n,
    },
    {
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: userAccount('bob'),
      currency: 'points',
      amountMinor: 2_500n,
    },
    { debitAccount: userAccount('alice'), creditAccount: userAccount('bob'), currency: 'points', amountMinor: 100n },
    { debitAccount: userAccount('bob'), creditAccount: drop, currency: 'keys', amountMinor: 2n },
  ];

  it("a two-user transaction: each user leg counts once, in its own user's copy; system and escrow legs in copy 0", () => {
    const copies = copiesOf(postings);
    expect(copies.map(({ streamId, transaction }) => [streamId, transaction.copyIndex, transaction.copyCount])).toEqual(
      [
        ['ledger-account-alice', 0, 2],
        ['ledger-account-bob', 1, 2],
      ],
    );
    const [alice, bob] = copies.map(({ streamId, transaction }) => legsForStreamCopy(streamId, transaction).map(key));
    expect(alice).toEqual([
      `debit ${SYSTEM_ACCOUNTS.issuance} 5000 points`,
      'credit user:alice 5000 points',
      `debit ${SYSTEM_ACCOUNTS.issuance} 2500 points`,
      'debit user:alice 100 points',
      `credit ${drop} 2 keys`,
    ]);
    expect(bob).toEqual(['credit user:bob 2500 points', 'credit user:bob 100 points', 'debit user:bob 2 keys']);
    // Together, every side of every posting exactly once (reading all postings of both copies would count 16).
    expect([...alice!, ...bob!].sort()).toEqual(sidesOf(postings).sort());
  });

  it('three users: still every leg once over the three copies', () => {
    const threeUsers: Posting[] = [
      ...postings,
      { debitAccount: userAccount('carol'), creditAccount: userAccount('alice'), currency: 'keys', amountMinor: 1n },
    ];
    const legs = copiesOf(threeUsers).flatMap(({ streamId, transaction }) => legsForStreamCopy(streamId, transaction));
    expect(legs.map(key).sort()).toEqual(sidesOf(threeUsers).sort());
  });

  it('a transaction touching no user: its journal copy carries every leg', () => {
    const journalOnly: Posting[] = [
      { debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: SYSTEM_ACCOUNTS.fees, currency: 'usd', amountMinor: 7n },
    ];
    const copies = copiesOf(journalOnly);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.streamId).toMatch(/^ledger-journal-/);
    expect(legsForStreamCopy(copies[0]!.streamId, copies[0]!.transaction).map(key).sort()).toEqual(
      sidesOf(journalOnly).sort(),
    );
  });

  it('carries the counterparty, so a projection can tell a payout (from the system) from a user-to-user payment', () => {
    const [, bob] = copiesOf(postings);
    const credits = legsForStreamCopy(bob!.streamId, bob!.transaction).filter((leg) => leg.side === 'credit');
    expect(credits.map((leg) => [leg.userId, leg.counterpartyUserId, leg.amountMinor])).toEqual([
      ['bob', null, 2_500n],
      ['bob', 'alice', 100n],
    ]);
  });
});

describe('readTransactionCopy', () => {
  it('reads a stored copy (amounts as strings in the payload) with its owner and legs', () => {
    const [, bob] = copiesOf([
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount('alice'),
        currency: 'points',
        amountMinor: 5_000n,
      },
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount('bob'),
        currency: 'points',
        amountMinor: 2_500n,
      },
    ]);
    const data = toPayload({ type: 'LedgerTransactionPosted', data: bob!.transaction });
    const copy = readTransactionCopy({ type: 'LedgerTransactionPosted', streamId: bob!.streamId, data });
    expect(copy).not.toBe('unreadable');
    expect(copy).toMatchObject({
      ownerUserId: 'bob',
      transaction: { transactionId: 't1', copyIndex: 1, copyCount: 2 },
    });
    expect((copy as Exclude<typeof copy, 'unreadable' | null>).legs.map(key)).toEqual(['credit user:bob 2500 points']);
  });

  it('is null for other events and streams, unreadable for a malformed payload', () => {
    expect(readTransactionCopy({ type: 'LedgerHoldPlaced', streamId: 'ledger-account-bob', data: {} })).toBeNull();
    expect(readTransactionCopy({ type: 'LedgerTransactionPosted', streamId: 'drop-1', data: {} })).toBeNull();
    expect(
      readTransactionCopy({
        type: 'LedgerTransactionPosted',
        streamId: 'ledger-account-bob',
        data: { nonsense: true },
      }),
    ).toBe('unreadable');
  });

  it('reads a stored event once however many projections ask, and each stored event on its own', () => {
    const [alice] = copiesOf([
      {
        debitAccount: SYSTEM_ACCOUNTS.issuance,
        creditAccount: userAccount('alice'),
        currency: 'points',
        amountMinor: 5_000n,
      },
    ]);
    const stored = {
      type: 'LedgerTransactionPosted',
      streamId: alice!.streamId,
      data: toPayload({ type: 'LedgerTransactionPosted', data: alice!.transaction }),
    };
    // One shared read hands every projection the same stored object: they get the same reading.
    expect(readTransactionCopy(stored)).toBe(readTransactionCopy(stored));
    expect(fromPayload(stored.type, stored.data)).toBe(fromPayload(stored.type, stored.data));
    // Another stored event with an equal payload (another read) is read on its own, to an equal result.
    const reread = { ...stored, data: structuredClone(stored.data) };
    expect(readTransactionCopy(reread)).not.toBe(readTransactionCopy(stored));
    expect(readTransactionCopy(reread)).toEqual(readTransactionCopy(stored));
    // A payload object is remembered with its type: read as another type, it is parsed (and refused) as that type.
    expect(() => fromPayload('LedgerHoldPlaced', stored.data)).toThrow();
    const malformed = { type: 'LedgerTransactionPosted', streamId: alice!.streamId, data: { nonsense: true } };
    expect(readTransactionCopy(malformed)).toBe('unreadable');
    expect(readTransactionCopy(malformed)).toBe('unreadable');
  });
});
