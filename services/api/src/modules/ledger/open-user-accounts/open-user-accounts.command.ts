import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OpenUserAccountsCommand } from '@app/contracts/ledger';
import { LedgerExecutor, newTransactionId } from '../infrastructure/ledger-executor';

/** Opens a new user's accounts (`OpenUserAccountsCommand` in `@app/contracts/ledger`, sent by identity on sign-up). */
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
