import { DropCommand, DropDecision, MoneyLeg, MoneyMovement, accept, refuse } from './decision';
import { DropState, inFlightApplications } from './drop';
import type { DropEvent } from './drop-events';

export function decideCloseOrDelete(command: Extract<DropCommand, { type: 'CloseDrop' | 'DeleteDrop' }>, drop: DropState): DropDecision {
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
  const legs: MoneyLeg[] = [];
  if (remaining > 0n && !drop.isDemo) legs.push({ from: { dropEscrow: drop.dropId }, to: { user: drop.creatorId }, currency: 'gems', amountMinor: remaining });
  // A move drop's unpaid keys go back to its creator (the rewards of declined applications included).
  const keysRemaining = drop.keyPoolRemainingMinor;
  if (keysRemaining > 0n && !drop.isDemo) legs.push({ from: { dropEscrow: drop.dropId }, to: { user: drop.creatorId }, currency: 'keys', amountMinor: keysRemaining });
  // A deleted drop declines what is in flight and gives each applicant back what applying cost.
  if (command.type === 'DeleteDrop') {
    for (const application of inFlight) {
      if (application.costMinor > 0n && application.costCurrency) {
        legs.push({ from: 'burn', to: { user: application.applicantUserId }, currency: application.costCurrency, amountMinor: application.costMinor });
      }
    }
  }
  const money: MoneyMovement | null =
    legs.length > 0
      ? {
          ...legs[0],
          extraLegs: legs.slice(1),
          transactionId: data.transactionId,
          reason: 'DROP_POOL_ESCROW',
          description:
            command.type === 'CloseDrop'
              ? `Remaining ${drop.kind === 'move' ? 'key' : 'gem'} pool of drop ${drop.details.title} returned`
              : `Drop ${drop.details.title} deleted: remaining pool returned, application costs refunded`,
        }
      : null;
  const poolTransactionId = money ? data.transactionId : null;
  const keysReturned = drop.kind === 'move' ? { keyPoolReturnedMinor: (drop.isDemo ? 0n : keysRemaining).toString() } : {};
  const event: DropEvent =
    command.type === 'CloseDrop'
      ? { type: 'DropClosed', data: { dropId: drop.dropId, poolReturnedMinor: remaining.toString(), ...keysReturned, poolTransactionId, closedAt: data.now } }
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

