import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { LedgerExecutor } from '../infrastructure/ledger-executor';

/**
 * `commandBus.execute(new ArchiveSandboxCommand(userId))`: closes an expired demo sandbox's ledger stream with a
 * `LedgerSandboxArchived` event (events are never deleted); afterwards nothing moves in or out of it. Idempotent.
 * Refused (throws) for a real user's account.
 */
export class ArchiveSandboxCommand extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(ArchiveSandboxCommand)
export class ArchiveSandboxHandler implements ICommandHandler<ArchiveSandboxCommand, void> {
  constructor(private readonly ledger: LedgerExecutor) {}

  async execute(command: ArchiveSandboxCommand): Promise<void> {
    const outcome = await this.ledger.execute({ type: 'ArchiveSandbox', data: { userId: command.userId, now: new Date().toISOString() } });
    if (outcome.kind === 'refused') throw new Error(`Archiving sandbox ${command.userId} was refused: ${outcome.refusal}`);
  }
}
