import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { LedgerExecutor, newTransactionId } from '../infrastructure/ledger-executor';

/**
 * `commandBus.execute(new OpenUserAccountsCommand(userId))` on sign-up: posts the opening issuance (25 points and
 * 1 key) once per user; asking again changes nothing. The 100 opening XP are not a currency: identity/progress
 * owns experience, the ledger only moves money.
 */
export class OpenUserAccountsCommand extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(OpenUserAccountsCommand)
export class OpenUserAccountsHandler implements ICommandHandler<OpenUserAccountsCommand, void> {
  constructor(private readonly ledger: LedgerExecutor) {}

  async execute(command: OpenUserAccountsCommand): Promise<void> {
    const outcome = await this.ledger.execute({
      type: 'OpenUserAccounts',
      data: { userId: command.userId, transactionId: newTransactionId(), now: new Date().toISOString() },
    });
    if (outcome.kind === 'refused') throw new Error(`Opening accounts of ${command.userId} was refused: ${outcome.refusal}`);
  }
}
