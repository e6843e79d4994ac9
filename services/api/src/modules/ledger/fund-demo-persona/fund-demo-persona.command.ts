import { Injectable, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import { DemoPersona } from '@app/contracts/ledger';
import { LedgerExecutor, newTransactionId } from '../infrastructure/ledger-executor';
import type { Queryable } from '../infrastructure/ledger-audit';

/**
 * `commandBus.execute(new FundDemoPersonaCommand(userId, persona))`: tops a demo persona up to at least 5,000
 * points, 20 keys, 1,000 gems and 500 gold (advertisers also 1,000 moves), from issuance, once per UTC day. Used
 * when identity creates a persona on first start and by the daily job below.
 */
export class FundDemoPersonaCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly persona: DemoPersona,
  ) {
    super();
  }
}

@CommandHandler(FundDemoPersonaCommand)
export class FundDemoPersonaHandler implements ICommandHandler<FundDemoPersonaCommand, void> {
  constructor(private readonly ledger: LedgerExecutor) {}

  async execute(command: FundDemoPersonaCommand): Promise<void> {
    const outcome = await this.ledger.execute({
      type: 'FundDemoPersona',
      data: { userId: command.userId, persona: command.persona, transactionId: newTransactionId(), now: new Date().toISOString() },
    });
    if (outcome.kind === 'refused') throw new Error(`Funding demo persona ${command.userId} was refused: ${outcome.refusal}`);
  }
}

export const DEMO_TOP_UP_JOB = 'ledger.demo-personas.top-up';

/** The daily job: every persona the ledger has funded before is topped up again (idempotent per UTC day). */
@Injectable()
export class DemoPersonaTopUp {
  private readonly logger = new Logger('LedgerDemoTopUp');

  constructor(private readonly commandBus: CommandBus) {}

  async run(database: Queryable): Promise<number> {
    const personas = await database.query<{ user_id: string; persona: DemoPersona }>('SELECT user_id, persona FROM ledger_demo_personas');
    for (const row of personas.rows) {
      await this.commandBus.execute(new FundDemoPersonaCommand(row.user_id, row.persona));
    }
    this.logger.log(`Topped up ${personas.rows.length} demo persona(s)`);
    return personas.rows.length;
  }
}
