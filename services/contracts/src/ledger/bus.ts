import type { DemoPersona } from '../identity/users';
import { BusCommand } from '../platform/bus';

/**
 * `commandBus.execute(new OpenUserAccountsCommand(userId))` on sign-up: posts the opening issuance (25 points and
 * 1 key) once per user; asking again changes nothing. The 100 opening XP are not a currency: identity/progress
 * owns experience, the ledger only moves money.
 */
export class OpenUserAccountsCommand extends BusCommand<void> {
  constructor(readonly userId: string) {
    super();
  }
}

/**
 * `commandBus.execute(new FundDemoPersonaCommand(userId, persona))`: tops a demo persona up to at least 5,000
 * points, 20 keys, 1,000 gems and 500 gold (advertisers also 1,000 moves), from issuance, once per UTC day. Used
 * when identity creates a persona on first start and by the ledger's daily top-up.
 */
export class FundDemoPersonaCommand extends BusCommand<void> {
  constructor(
    readonly userId: string,
    readonly persona: DemoPersona,
  ) {
    super();
  }
}

/**
 * `commandBus.execute(new ArchiveSandboxCommand(userId))`: closes an expired demo sandbox's ledger stream with a
 * `LedgerSandboxArchived` event (events are never deleted); afterwards nothing moves in or out of it. Idempotent.
 * Refused (throws) for a real user's account.
 */
export class ArchiveSandboxCommand extends BusCommand<void> {
  constructor(readonly userId: string) {
    super();
  }
}
