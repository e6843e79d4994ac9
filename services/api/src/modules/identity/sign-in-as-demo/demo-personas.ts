import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AUTH_MESSAGES, type DemoPersona } from '@app/contracts/identity';
import { ApiError } from '../../../platform/http/api-error';
import { AccountRegistration } from '../register-accounts/account-registration';
import { UniquenessViolation } from '../identity-refusals';
import { IdentityStore, type UserRow } from '../infrastructure/identity-store';
import { SeedDemoDropsCommand } from './seed-demo-drops.command';

const DISPLAY_NAMES: Record<DemoPersona, string> = {
  creator: 'Demo Creator',
  investor: 'Demo Investor',
  advertiser: 'Demo Advertiser',
};

const ATTEMPTS = 3;

/**
 * Every demo login is its own fresh sandbox: a new user (persona `user_type`, `is_demo`, a generated username and
 * e-mail) whose ledger stream is opened as a sandbox and funded to the persona's balances (DEMO_FUNDING from
 * issuance), then seeded with what the persona needs to try the product. No two visitors share an account, and the
 * ledger refuses any movement of value between a sandbox and a real account. Unused sandboxes expire after 7 days
 * (`DemoSandboxExpiry`).
 */
@Injectable()
export class DemoPersonas {
  private readonly logger = new Logger('DemoSandboxes');

  constructor(
    private readonly store: IdentityStore,
    private readonly registration: AccountRegistration,
    private readonly commandBus: CommandBus,
  ) {}

  /** A fresh sandbox for `persona`, funded and seeded; throws a 503 when its ledger sandbox could not be opened. */
  async create(persona: DemoPersona): Promise<UserRow> {
    const user = await this.createFunded(persona, DISPLAY_NAMES[persona]);
    if (persona === 'advertiser') await this.seed(user.user_id, 'own');
    if (persona === 'creator') {
      // The creator's proof drop comes from a fresh demo advertiser of its own, so it too stays in the sandbox world.
      const companion = await this.createFunded('advertiser', 'Demo Brand', user.user_id);
      await this.seed(companion.user_id, 'for-creator');
    }
    return user;
  }

  private async createFunded(persona: DemoPersona, displayName: string, demoOwnerUserId?: string): Promise<UserRow> {
    for (let attempt = 1; ; attempt += 1) {
      const suffix = randomBytes(5).toString('hex');
      try {
        const { user } = await this.registration.register({
          email: `demo-${persona}-${suffix}@demo.local`,
          username: `demo_${persona}_${suffix}`,
          displayName,
          passwordHash: null,
          method: 'demo',
          userType: persona,
          demoPersona: persona,
          isDemo: true,
          ...(demoOwnerUserId ? { demoOwnerUserId } : {}),
          emailConfirmed: true,
          confirmation: null,
        });
        let row = await this.store.findUserById(user.userId);
        if (row && row.demo_funded_at === null) {
          await this.registration.completeFollowUps(row.user_id, row);
          row = await this.store.findUserById(user.userId);
        }
        // Without its sandbox stream the account must not be used: no session is handed out for it.
        if (!row || row.demo_funded_at === null)
          throw new ApiError(503, 'DEMO_UNAVAILABLE', AUTH_MESSAGES.demoSandboxUnavailable);
        return row;
      } catch (error) {
        if (error instanceof UniquenessViolation && attempt < ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** Seeding is a convenience: a sandbox without its drops still works, so a failure is logged, not answered. */
  private async seed(advertiserUserId: string, purpose: SeedDemoDropsCommand['purpose']): Promise<void> {
    try {
      await this.commandBus.execute(new SeedDemoDropsCommand(advertiserUserId, purpose));
    } catch (error) {
      this.logger.warn(`Seeding drops for demo advertiser ${advertiserUserId} failed: ${(error as Error).message}`);
    }
  }
}
