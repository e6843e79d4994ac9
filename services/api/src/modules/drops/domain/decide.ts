import { decideApplicationStep, decideApply } from './applications';
import { decideCloseOrDelete } from './close-or-delete';
import { decideCreate, decideUpdate } from './create-or-edit';
import { DecideState, DropCommand, DropDecision } from './decision';

/** The drops' decider: one function per command, in the file of its part of a drop's life. */
export function decide(command: DropCommand, { drop, advertiser }: DecideState): DropDecision {
  switch (command.type) {
    case 'CreateDrop':
      return decideCreate(command.data, advertiser ?? { posted: [] });
    case 'UpdateDrop':
      return decideUpdate(command.data, drop);
    case 'CloseDrop':
    case 'DeleteDrop':
      return decideCloseOrDelete(command, drop);
    case 'ApplyToDrop':
      return decideApply(command.data, drop);
    case 'ApproveApplication':
    case 'RejectApplication':
    case 'SubmitWork':
    case 'CompleteApplication':
      return decideApplicationStep(command, drop);
    default: {
      const unknownCommand: never = command;
      throw new Error(`Unknown drop command ${(unknownCommand as { type: string }).type}`);
    }
  }
}
