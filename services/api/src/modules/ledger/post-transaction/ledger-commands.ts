import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerCommand, LedgerRefusal } from '../domain/decision';
import { LedgerExecutor } from '../infrastructure/ledger-executor';

export type LedgerCommandResult = { ok: true; transactionId: string | null } | { ok: false; refusal: LedgerRefusal };

/**
 * Other modules move money with `commandBus.execute(new RunLedgerCommand({ type: 'PostTransaction', data: {...} }))`
 * (also PlaceHold, CaptureHold, ReleaseHold, ExpireHold, ReverseTransaction). Refusals come back as a value, for the
 * caller to map to its own messages; version conflicts are retried inside. A module that must commit its own
 * streams atomically with the money uses `LedgerExecutor.executeWithin(command, unit, extraStreams)` instead.
 */
export class RunLedgerCommand extends Command<LedgerCommandResult> {
  constructor(readonly command: LedgerCommand) {
    super();
  }
}

@CommandHandler(RunLedgerCommand)
export class RunLedgerCommandHandler implements ICommandHandler<RunLedgerCommand, LedgerCommandResult> {
  constructor(private readonly ledger: LedgerExecutor) {}

  async execute({ command }: RunLedgerCommand): Promise<LedgerCommandResult> {
    const outcome = await this.ledger.execute(command);
    return outcome.kind === 'refused' ? { ok: false, refusal: outcome.refusal } : { ok: true, transactionId: outcome.transactionId };
  }
}
