import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OpenUserAccountsCommand } from '@app/contracts/ledger';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { newTransactionId } from '../infrastructure/ledger-executor';

/** Opens a new user's accounts (`OpenUserAccountsCommand` in `@app/contracts/ledger`, sent by identity on sign-up). */
@CommandHandler(OpenUserAccountsCommand)
export class OpenUserAccountsHandler implements ICommandHandler<OpenUserAccountsCommand, void> {
  constructor(private readonly runner: UseCaseRunner) {}

  async execute(command: OpenUserAccountsCommand): Promise<void> {
    const data = { userId: command.userId, transactionId: newTransactionId(), now: new Date().toISOString() };
    await this.runner.runCommand({
      command: { type: 'OpenUserAccounts', data },
      answer: () => undefined,
      refusal: (refusal) => {
        throw new Error(`Opening accounts of ${command.userId} was refused: ${refusal}`);
      },
    });
  }
}
