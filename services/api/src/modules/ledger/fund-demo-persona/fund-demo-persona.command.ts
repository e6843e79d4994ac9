import { Injectable, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DemoPersona, FundDemoPersonaCommand } from '@app/contracts/ledger';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { newTransactionId } from '../infrastructure/ledger-executor';
import type { Queryable } from '../infrastructure/ledger-audit';

/** Tops a demo persona up (`FundDemoPersonaCommand` in `@app/contracts/ledger`), once per UTC day. */
@CommandHandler(FundDemoPersonaCommand)
export class FundDemoPersonaHandler implements ICommandHandler<FundDemoPersonaCommand, void> {
  constructor(private readonly runner: UseCaseRunner) {}

  async execute(command: FundDemoPersonaCommand): Promise<void> {
    const { userId, persona } = command;
    const now = new Date().toISOString();
    await this.runner.runCommand({
      command: { type: 'FundDemoPersona', data: { userId, persona, transactionId: newTransactionId(), now } },
      answer: () => undefined,
      refusal: (refusal) => {
        throw new Error(`Funding demo persona ${userId} was refused: ${refusal}`);
      },
    });
  }
}

export const DEMO_TOP_UP_JOB = 'ledger.demo-personas.top-up';

/** The daily job: every persona the ledger has funded before is topped up again (idempotent per UTC day). */
@Injectable()
export class DemoPersonaTopUp {
  private readonly logger = new Logger('LedgerDemoTopUp');

  constructor(private readonly commandBus: CommandBus) {}

  async run(database: Queryable): Promise<number> {
    const personas = await database.query<{ user_id: string; persona: DemoPersona }>(
      'SELECT user_id, persona FROM ledger_demo_personas',
    );
    for (const row of personas.rows) {
      await this.commandBus.execute(new FundDemoPersonaCommand(row.user_id, row.persona));
    }
    this.logger.log(`Topped up ${personas.rows.length} demo persona(s)`);
    return personas.rows.length;
  }
}
