import { Inject, Injectable, Logger } from '@nestjs/common';
import { IdentityStore } from '../infrastructure/identity-store';
import { LEDGER_ACCOUNTS, type LedgerAccounts } from '../infrastructure/ledger-accounts.port';

export const DEMO_SANDBOX_EXPIRY_JOB = 'identity.demo-sandboxes.expire';
export const DEMO_SANDBOX_INACTIVE_DAYS = 7;
const BATCH = 500;

/**
 * The scheduled job (hourly) that expires demo sandboxes unused for 7 days: the ledger closes the sandbox's stream
 * (`LedgerSandboxArchived`: nothing moves in or out afterwards), then the user's stream records `DemoSandboxExpired`,
 * after which its sessions are refused and it is gone from every listing. Nothing is deleted. The ledger step goes
 * first and both are idempotent, so a run that stops half way is finished by the next.
 */
@Injectable()
export class DemoSandboxExpiry {
  private readonly logger = new Logger('DemoSandboxExpiry');

  constructor(
    private readonly store: IdentityStore,
    @Inject(LEDGER_ACCOUNTS) private readonly ledger: LedgerAccounts,
  ) {}

  async run(now = new Date()): Promise<number> {
    const inactiveSince = new Date(now.getTime() - DEMO_SANDBOX_INACTIVE_DAYS * 86_400_000);
    const due = await this.store.findInactiveDemoSandboxes(inactiveSince, BATCH);
    let expired = 0;
    for (const sandbox of due) {
      try {
        await this.ledger.archiveSandbox(sandbox.user_id);
        await this.store.executeUser(sandbox.user_id, {
          type: 'ExpireDemoSandbox',
          data: { lastActiveAt: new Date(sandbox.last_active_at).toISOString(), now: now.toISOString() },
        });
        expired += 1;
      } catch (error) {
        this.logger.error(`Could not expire demo sandbox ${sandbox.user_id}: ${(error as Error).message}`);
      }
    }
    if (expired > 0)
      this.logger.log(`Expired ${expired} demo sandbox(es) unused for ${DEMO_SANDBOX_INACTIVE_DAYS} days`);
    return expired;
  }
}
