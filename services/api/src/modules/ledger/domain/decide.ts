import { decideArchiveSandbox, decideFundDemoPersona, decideOpenUserAccounts } from './account-lifecycle';
import { decideConvertCurrency } from './conversion';
import { CommandOf, LedgerCommand, LedgerDecision, LedgerDecisionState, ReversalView, refuse } from './decision';
import { decideCaptureHold, decidePlaceHold, decideReleaseHold } from './holds';
import { decideReverseTransaction } from './reversal';
import { postTransaction, userIdsOfPostings } from './transaction-rules';

/** The ledger's decider: one function per command, each in the file of its rule family. */
export function decide(command: LedgerCommand, state: LedgerDecisionState): LedgerDecision {
  switch (command.type) {
    case 'OpenUserAccounts':
      return decideOpenUserAccounts(command, state);
    case 'FundDemoPersona':
      return decideFundDemoPersona(command, state);
    case 'ArchiveSandbox':
      return decideArchiveSandbox(command, state);
    case 'ConvertCurrency':
      return decideConvertCurrency(command, state);
    case 'PostTransaction':
      return decidePostTransaction(command, state);
    case 'PlaceHold':
      return decidePlaceHold(command, state);
    case 'CaptureHold':
      return decideCaptureHold(command, state);
    case 'ReleaseHold':
    case 'ExpireHold':
      return decideReleaseHold(command, state);
    case 'ReverseTransaction':
      return decideReverseTransaction(command, state);
  }
}

export function decidePostTransaction(
  command: CommandOf<'PostTransaction'>,
  state: LedgerDecisionState,
): LedgerDecision {
  const { transactionId, reasonCode, description, postings, now, references } = command.data;
  if (postings.length === 0) return refuse('AMOUNT_MUST_BE_POSITIVE');
  return postTransaction(state, { transactionId, reasonCode, description, postings, occurredAt: now, references });
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
