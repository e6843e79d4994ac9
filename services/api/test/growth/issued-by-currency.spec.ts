import type { StoredEvent } from '@app/event-store';
import { issuedByCurrency } from '../../src/modules/growth/projections/growth-read-model';
import { SYSTEM_ACCOUNTS, escrowAccount, userAccount, type Posting } from '../../src/modules/ledger';
import { LedgerDecision } from '../../src/modules/ledger/domain/decision';
import { toPayload } from '../../src/modules/ledger/domain/events';
import { journalStreamId, userStreamId } from '../../src/modules/ledger/domain/streams';
import { funded, given } from '../ledger/given-when-then';

const now = '2026-11-27T10:00:00.000Z';

/** Every stored copy of one accepted transaction (each user's and the journal's), as the projection receives them. */
function storedCopies(transactionId: string, postings: Posting[]): StoredEvent[] {
  const { decision } = given({ alice: funded('alice'), bob: funded('bob') }).when({
    type: 'PostTransaction',
    data: { transactionId, reasonCode: 'ENGAGEMENT_REWARD', description: 'rewards', postings, now },
  });
  const accepted = decision as Extract<LedgerDecision, { kind: 'accepted' }>;
  const copies = [...accepted.userEvents].map(([userId, events]) => ({
    streamId: userStreamId(userId),
    event: events[0]!,
  }));
  copies.push(...accepted.journalEvents.map((event) => ({ streamId: journalStreamId(transactionId), event })));
  return copies.map(
    ({ streamId, event }) => ({ type: event.type, streamId, data: toPayload(event) }) as unknown as StoredEvent,
  );
}

describe('growth read model: issuedByCurrency (the Platform Economy "issued" figures, one upsert per batch)', () => {
  it('sums what system:issuance paid out over a batch, per currency, counting each posting once across copies', () => {
    const batch = [
      ...storedCopies('t1', [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount('alice'),
          currency: 'points',
          amountMinor: 5n,
        },
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount('bob'),
          currency: 'points',
          amountMinor: 3n,
        },
        // Not issuance: a transfer between users and a payment into escrow.
        {
          debitAccount: userAccount('alice'),
          creditAccount: userAccount('bob'),
          currency: 'points',
          amountMinor: 100n,
        },
        {
          debitAccount: userAccount('bob'),
          creditAccount: escrowAccount('drop', 'd1'),
          currency: 'points',
          amountMinor: 7n,
        },
      ]),
      ...storedCopies('t2', [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount('bob'),
          currency: 'keys',
          amountMinor: 2n,
        },
      ]),
      ...storedCopies('t3', [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount('alice'),
          currency: 'points',
          amountMinor: 11n,
        },
      ]),
    ];
    expect(batch.length).toBeGreaterThan(3);
    expect(issuedByCurrency(batch)).toEqual(
      new Map([
        ['points', 19n],
        ['keys', 2n],
      ]),
    );
  });

  it('an empty batch or one without issuance issues nothing', () => {
    expect(issuedByCurrency([])).toEqual(new Map());
    expect(
      issuedByCurrency(
        storedCopies('t4', [
          {
            debitAccount: userAccount('alice'),
            creditAccount: userAccount('bob'),
            currency: 'points',
            amountMinor: 1n,
          },
        ]),
      ),
    ).toEqual(new Map());
  });
});
