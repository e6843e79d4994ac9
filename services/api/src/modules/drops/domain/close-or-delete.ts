import { SYSTEM_ACCOUNTS, userAccount, type MoneyMovement, type Posting } from '@app/contracts/ledger';
import { DropCommand, DropDecision, accept, dropEscrow, dropMoney, refuse } from './decision';
import { DropState, inFlightApplications } from './drop';
import type { DropEvent } from './drop-events';

type CloseOrDelete = Extract<DropCommand, { type: 'CloseDrop' | 'DeleteDrop' }>;

/** What closing or deleting gives back: the pools' rest to the creator and, on deletion, what applying cost. */
function returnPostings(
  commandType: CloseOrDelete['type'],
  drop: DropState,
  inFlight: ReturnType<typeof inFlightApplications>,
): Posting[] {
  const remaining = drop.gemPoolRemainingMinor;
  const postings: Posting[] = [];
  const escrow = dropEscrow(drop.dropId);
  if (remaining > 0n && !drop.isDemo)
    postings.push({
      debitAccount: escrow,
      creditAccount: userAccount(drop.creatorId),
      currency: 'gems',
      amountMinor: remaining,
    });
  // A move drop's unpaid keys go back to its creator (the rewards of declined applications included).
  const keysRemaining = drop.keyPoolRemainingMinor;
  if (keysRemaining > 0n && !drop.isDemo)
    postings.push({
      debitAccount: escrow,
      creditAccount: userAccount(drop.creatorId),
      currency: 'keys',
      amountMinor: keysRemaining,
    });
  // A deleted drop declines what is in flight and gives each applicant back what applying cost.
  if (commandType === 'DeleteDrop') {
    for (const application of inFlight) {
      if (application.costMinor > 0n && application.costCurrency) {
        postings.push({
          debitAccount: SYSTEM_ACCOUNTS.burn,
          creditAccount: userAccount(application.applicantUserId),
          currency: application.costCurrency,
          amountMinor: application.costMinor,
        });
      }
    }
  }
  return postings;
}

export function decideCloseOrDelete(command: CloseOrDelete, drop: DropState): DropDecision {
  const data = command.data;
  if (!drop.exists || drop.deleted) return refuse({ code: 'DROP_MUST_EXIST' });
  if (drop.creatorId !== data.callerId) return refuse({ code: 'CALLER_MUST_BE_CREATOR' });
  const inFlight = inFlightApplications(drop);
  if (command.type === 'CloseDrop') {
    if (drop.closed) return refuse({ code: 'DROP_MUST_BE_OPEN' });
    // Closing returns the pool, so every application must have its answer first (else it could not be paid).
    if (inFlight.length > 0) return refuse({ code: 'APPLICATIONS_MUST_BE_RESOLVED_BEFORE_CLOSING' });
  }
  const remaining = drop.gemPoolRemainingMinor;
  const keysRemaining = drop.keyPoolRemainingMinor;
  const postings = returnPostings(command.type, drop, inFlight);
  const description =
    command.type === 'CloseDrop'
      ? `Remaining ${drop.kind === 'move' ? 'key' : 'gem'} pool of drop ${drop.details.title} returned`
      : `Drop ${drop.details.title} deleted: remaining pool returned, application costs refunded`;
  const money: MoneyMovement | null =
    postings.length > 0
      ? dropMoney(
          {
            dropId: drop.dropId,
            transactionId: data.transactionId,
            reasonCode: 'DROP_POOL_ESCROW',
            description,
            now: data.now,
          },
          postings,
        )
      : null;
  const poolTransactionId = money ? data.transactionId : null;
  const keysReturned =
    drop.kind === 'move' ? { keyPoolReturnedMinor: (drop.isDemo ? 0n : keysRemaining).toString() } : {};
  const event: DropEvent =
    command.type === 'CloseDrop'
      ? {
          type: 'DropClosed',
          data: {
            dropId: drop.dropId,
            poolReturnedMinor: remaining.toString(),
            ...keysReturned,
            poolTransactionId,
            closedAt: data.now,
          },
        }
      : {
          type: 'DropDeleted',
          data: {
            dropId: drop.dropId,
            poolReturnedMinor: remaining.toString(),
            ...keysReturned,
            poolTransactionId,
            declinedApplicationIds: inFlight.map((application) => application.applicationId),
            deletedAt: data.now,
          },
        };
  return accept([event], money);
}
