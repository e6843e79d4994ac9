import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DemoPersona } from '@app/contracts/src/identity';
import type { LedgerAccounts } from './ledger-accounts.port';

interface LedgerCommands {
  OpenUserAccountsCommand: new (userId: string) => object;
  FundDemoPersonaCommand: new (userId: string, persona: DemoPersona) => object;
}

/** The ledger reached the only way modules talk: through its commands on the bus. */
@Injectable()
export class CommandBusLedgerAccounts implements LedgerAccounts {
  constructor(private readonly commandBus: CommandBus) {}

  async openAccounts(userId: string): Promise<void> {
    const { OpenUserAccountsCommand } = loadLedgerCommands();
    await this.commandBus.execute(new OpenUserAccountsCommand(userId));
  }

  async fundDemoPersona(userId: string, persona: DemoPersona): Promise<void> {
    const { FundDemoPersonaCommand } = loadLedgerCommands();
    await this.commandBus.execute(new FundDemoPersonaCommand(userId, persona));
  }
}

/**
 * Loaded on first use rather than imported, so identity starts (and records the follow-up as pending) in a build
 * where the ledger module is not present yet.
 */
function loadLedgerCommands(): LedgerCommands {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ledger = require('../../ledger') as Partial<LedgerCommands>;
  if (!ledger.OpenUserAccountsCommand || !ledger.FundDemoPersonaCommand) throw new Error('the ledger module does not export its account commands');
  return ledger as LedgerCommands;
}
