import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DemoPersona } from '@app/contracts/identity';
import { ArchiveSandboxCommand, FundDemoPersonaCommand, OpenUserAccountsCommand } from '@app/contracts/ledger';
import type { LedgerAccounts } from './ledger-accounts.port';

/** The ledger reached the only way modules talk: through its commands on the bus. */
@Injectable()
export class CommandBusLedgerAccounts implements LedgerAccounts {
  constructor(private readonly commandBus: CommandBus) {}

  async openAccounts(userId: string): Promise<void> {
    await this.commandBus.execute(new OpenUserAccountsCommand(userId));
  }

  async fundDemoPersona(userId: string, persona: DemoPersona): Promise<void> {
    await this.commandBus.execute(new FundDemoPersonaCommand(userId, persona));
  }

  async archiveSandbox(userId: string): Promise<void> {
    await this.commandBus.execute(new ArchiveSandboxCommand(userId));
  }
}
