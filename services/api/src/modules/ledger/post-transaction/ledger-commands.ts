import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { LedgerCommand, LedgerRefusal } from '../domain/decision';

export type LedgerCommandResult = { ok: true; transactionId: string | null } | { ok: false; refusal: LedgerRefusal };

/**
 * Other modules move money with `commandBus.execute(new RunLedgerCommand({ type: 'PostTransaction', data: {...} }))`
 * (also PlaceHold, CaptureHold, ReleaseHold, ExpireHold, ReverseTransaction). Refusals come back as a value, for the
 * caller to map to its own messages; version conflicts are retried inside (`UseCaseRunner.runCommand`: the ledger's
 * group commit). A module that must commit its own streams atomically with the money decides the money in its use
 * case instead (`UseCaseRunner.run`, `Decided.money` or `ledgerCommand`).
 */
export class RunLedgerCommand extends Command<LedgerCommandResult> {
  constructor(readonly command: LedgerCommand) {
    super();
  }
}

@CommandHandler(RunLedgerCommand)
export class RunLedgerCommandHandler implements ICommandHandler<RunLedgerCommand, LedgerCommandResult> {
  constructor(private readonly runner: UseCaseRunner) {}

  execute({ command }: RunLedgerCommand): Promise<LedgerCommandResult> {
    return this.runner.runCommand<LedgerCommandResult>({
      command,
      answer: (accepted) => ({ ok: true, transactionId: accepted.transactionId }),
      refusal: (refusal) => ({ answer: { ok: false, refusal: refusal as LedgerRefusal } }),
    });
  }
}
