import type { MoneyPort } from '../../../platform/use-cases/money.port';
import type { LedgerRefusal } from '../domain/decision';
import { refusalToApiError } from '../ledger-refusals';
import type { LedgerExecutor } from './ledger-executor';

/** The ledger behind the use-case runner's `MONEY_PORT`: a movement is a `PostTransaction` in the caller's unit. */
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
        outcome.kind === 'refused' ? { kind: 'refused' as const, refusal: outcome.refusal } : { kind: 'accepted' as const, transactionId: outcome.transactionId ?? movements[index].transactionId },
      );
    },
    async commandWithin(command, unit, appends) {
      const outcome = await ledger.executeWithin(command, unit, appends);
      if (outcome.kind === 'refused') return { kind: 'refused', refusal: outcome.refusal };
      return { kind: 'accepted', transactionId: outcome.transactionId ?? '' };
    },
    refusalError: (refusal) => refusalToApiError(refusal as LedgerRefusal),
  };
}
