import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ArchiveSandboxCommand } from '@app/contracts/ledger';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';

/** Closes an expired demo sandbox's ledger stream (`ArchiveSandboxCommand` in `@app/contracts/ledger`). */
@CommandHandler(ArchiveSandboxCommand)
export class ArchiveSandboxHandler implements ICommandHandler<ArchiveSandboxCommand, void> {
  constructor(private readonly runner: UseCaseRunner) {}

  async execute(command: ArchiveSandboxCommand): Promise<void> {
    await this.runner.runCommand({
      command: { type: 'ArchiveSandbox', data: { userId: command.userId, now: new Date().toISOString() } },
      answer: () => undefined,
      refusal: (refusal) => {
        throw new Error(`Archiving sandbox ${command.userId} was refused: ${refusal}`);
      },
    });
  }
}
