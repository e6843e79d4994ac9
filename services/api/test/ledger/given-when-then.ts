import { decide } from '../../src/modules/ledger/domain/decide';
import { LedgerCommand, LedgerDecision, ReversalView } from '../../src/modules/ledger/domain/decision';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { LedgerEvent } from '../../src/modules/ledger/domain/events';
import { UserLedgerState, foldUserLedger } from '../../src/modules/ledger/domain/user-ledger';
import { DeciderSpecification } from '../support/decider-specification';

type LedgerDecisionState = Parameters<typeof decide>[1];

/** The ledger decides over several user streams at once: its state is folded per user by `given` below. */
const ledgerSpecification = DeciderSpecification.for<LedgerCommand, LedgerDecisionState, never, LedgerDecision>({
  decide,
  evolve: (state) => state,
  initialState: () => ({ users: new Map() }),
});

/**
 * given(events per user).when(command).thenEvents(events per user, journal) | thenRefused(refusal): the decider specs
 * read as the rule they prove. `thenEvents` compares the events appended per user stream (and the journal).
 */
export function given(eventsByUser: Record<string, LedgerEvent[]> = {}, reversal?: ReversalView) {
  const users = new Map<string, UserLedgerState>(
    Object.entries(eventsByUser).map(([userId, events]) => [userId, foldUserLedger(userId, events)]),
  );
  const spec = ledgerSpecification.givenState({ users, reversal });
  return {
    when(command: LedgerCommand) {
      const then = spec.when(command);
      return {
        decision: then.decision,
        thenEvents(expected: Record<string, LedgerEvent[]>, journal: LedgerEvent[] = []) {
          const accepted = then.then({ journalEvents: journal }) as Extract<LedgerDecision, { kind: 'accepted' }>;
          expect(Object.fromEntries(accepted.userEvents)).toEqual(expected);
        },
        thenRefused: then.thenRefused,
      };
    },
  };
}

/** A user's stream funded from issuance (10,000 points minor and 5 keys minor): the usual `given` history. */
export const funded = (userId: string, occurredAt = '2026-11-21T10:00:00.000Z'): LedgerEvent[] => [
  {
    type: 'LedgerTransactionPosted',
    data: {
      transactionId: `fund-${userId}`,
      reasonCode: 'ADJUSTMENT',
      description: 'funding',
      occurredAt,
      copyIndex: 0,
      copyCount: 1,
      postings: [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount(userId),
          currency: 'points',
          amountMinor: 10_000n,
        },
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount(userId),
          currency: 'keys',
          amountMinor: 5n,
        },
      ],
    },
  },
];
