import { CommandOf, LedgerDecision, LedgerDecisionState, ReversalView, refuse } from './decision';
import { LedgerEvent } from './events';
import { postTransaction } from './transaction-rules';

export function decideReverseTransaction(
  command: CommandOf<'ReverseTransaction'>,
  state: LedgerDecisionState,
): LedgerDecision {
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

/** Folds the reversal view of one transaction from the events of a stream that recorded it. */
export function evolveReversalView(
  view: ReversalView,
  event: LedgerEvent,
  originalTransactionId: string,
): ReversalView {
  if (event.type !== 'LedgerTransactionPosted') return view;
  if (event.data.transactionId === originalTransactionId) return { ...view, original: event.data };
  if (event.data.reversesTransactionId === originalTransactionId)
    return { ...view, reversedBy: event.data.transactionId };
  return view;
}
