import type { CommandAccepted, MoneyPort } from '../../../platform/use-cases/money.port';
import type { LedgerRefusal } from '../domain/decision';
import type { UserLedgerState } from '../domain/user-ledger';
import { refusalToApiError } from '../ledger-refusals';
import type { AcceptedPreview, LedgerExecutor } from './ledger-executor';

const acceptedOf = (preview: AcceptedPreview): CommandAccepted => ({
  transactionId: preview.transactionId,
  after: preview.states,
});

/** A user's ledger state after an accepted command (`CommandAccepted.after`), for the ledger's own answers. */
export function ledgerStateAfter(accepted: CommandAccepted, userId: string): UserLedgerState {
  const state = accepted.after.get(userId);
  if (!state) throw new Error(`Invariant broken: the command did not touch the stream of ${userId}`);
  return state as UserLedgerState;
}

/**
 * The ledger behind the use-case runner's `MONEY_PORT`: a movement is a `PostTransaction` in the caller's unit; a
 * command on its own joins the executor's group commit. The executor is reached through this port only.
 */
export function moneyPortOf(ledger: LedgerExecutor): MoneyPort {
  return {
    async moveWithin(movement, unit, appends) {
      const outcome = await ledger.executeWithin({ type: 'PostTransaction', data: movement }, unit, appends);
      if (outcome.kind === 'refused') return { kind: 'refused', refusal: outcome.refusal };
      return { kind: 'accepted', transactionId: outcome.transactionId ?? movement.transactionId };
    },
    async moveEachWithin(movements, unit, appends, alongside) {
      const outcomes = await ledger.executeEachWithin(
        movements.map((movement) => ({ type: 'PostTransaction' as const, data: movement })),
        unit,
        appends,
        alongside,
      );
      return outcomes.map((outcome, index) =>
        outcome.kind === 'refused'
          ? { kind: 'refused' as const, refusal: outcome.refusal }
          : { kind: 'accepted' as const, transactionId: outcome.transactionId ?? movements[index].transactionId },
      );
    },
    async commandWithin(command, unit, appends) {
      const outcome = await ledger.executeWithin(command, unit, appends);
      if (outcome.kind === 'refused') return { kind: 'refused', refusal: outcome.refusal };
      return { kind: 'accepted', transactionId: outcome.transactionId ?? '' };
    },
    async commit(command, claimFor) {
      if (!claimFor) {
        const outcome = await ledger.execute(command);
        return outcome.kind === 'refused' ? outcome : { kind: 'accepted', ...acceptedOf(outcome) };
      }
      if (command.type === 'ReverseTransaction') {
        throw new Error('A reversal is not group-committed: it takes no idempotency claim');
      }
      const outcome = await ledger.executeClaimed(command, (preview) => claimFor(acceptedOf(preview)));
      return outcome.kind === 'accepted' ? { kind: 'accepted', ...acceptedOf(outcome) } : outcome;
    },
    refusalError: (refusal) => refusalToApiError(refusal as LedgerRefusal),
  };
}
