import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ArchiveSandboxCommand } from '@app/contracts/ledger';
import { LedgerExecutor } from '../infrastructure/ledger-executor';

/** Closes an expired demo sandbox's ledger stream (`ArchiveSandboxCommand` in `@app/contracts/ledger`). */
@CommandHandler(ArchiveSandboxCommand)
export class ArchiveSandboxHandler implements ICommandHandler<ArchiveSandboxCommand, void> {
  constructor(private readonly ledger: LedgerExecutor) {}

  async execute(command: ArchiveSandboxCommand): Promise<void> {
    const outcome = await this.ledger.execute({ type: 'ArchiveSandbox', data: { userId: command.userId, now: new Date().toISOString() } });
    if (outcome.kind === 'refused') throw new Error(`Archiving sandbox ${command.userId} was refused: ${outcome.refusal}`);
  }
}
