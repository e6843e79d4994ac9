import { LedgerCommand, LedgerDecision, LedgerRefusal, ReversalView, decide } from '../../src/modules/ledger/domain/decide';
import { LedgerEvent } from '../../src/modules/ledger/domain/events';
import { UserLedgerState, foldUserLedger } from '../../src/modules/ledger/domain/user-ledger';

/**
 * given(events per user).when(command).then(events per user | refusal): the decider specs read as the rule they
 * prove. `thenEvents` compares the events appended per user stream (and the journal).
 */
export function given(eventsByUser: Record<string, LedgerEvent[]> = {}, reversal?: ReversalView) {
  const users = new Map<string, UserLedgerState>(
    Object.entries(eventsByUser).map(([userId, events]) => [userId, foldUserLedger(userId, events)]),
  );
  return {
    when(command: LedgerCommand) {
      const decision = decide(command, { users, reversal });
      return {
        decision,
        thenEvents(expected: Record<string, LedgerEvent[]>, journal: LedgerEvent[] = []) {
          expect(decision.kind).toBe('accepted');
          const accepted = decision as Extract<LedgerDecision, { kind: 'accepted' }>;
          expect(Object.fromEntries(accepted.userEvents)).toEqual(expected);
          expect(accepted.journalEvents).toEqual(journal);
        },
        thenRefused(refusal: LedgerRefusal) {
          expect(decision).toEqual({ kind: 'refused', refusal });
        },
      };
    },
  };
}
