import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DEMO_PERSONAS, type DemoPersona } from '@app/contracts/src/identity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { AccountRegistration } from '../accounts/account-registration';
import { IdentityStore, UniquenessViolation, type UserRow } from '../infrastructure/identity-store';

const DISPLAY_NAMES: Record<DemoPersona, string> = {
  creator: 'Demo Creator',
  investor: 'Demo Investor',
  advertiser: 'Demo Advertiser',
};

/**
 * The demo accounts, created from events on first start (and on demand, should a start have skipped them). The
 * unique persona index makes concurrent creators (several replicas starting) agree on one account per persona.
 */
@Injectable()
export class DemoPersonas implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoPersonas');

  constructor(
    private readonly store: IdentityStore,
    private readonly registration: AccountRegistration,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demoLoginsEnabled) return;
    for (const persona of DEMO_PERSONAS) {
      try {
        await this.ensure(persona);
      } catch (error) {
        this.logger.error(`Could not prepare the ${persona} demo persona: ${(error as Error).message}`);
      }
    }
  }

  async ensure(persona: DemoPersona): Promise<UserRow> {
    const existing = await this.store.findDemoPersona(persona);
    if (existing) {
      await this.registration.completeFollowUps(existing.user_id, existing);
      return existing;
    }
    try {
      await this.registration.register({
        email: `${persona}@demo.local`,
        username: `demo_${persona}`,
        displayName: DISPLAY_NAMES[persona],
        passwordHash: null,
        method: 'demo',
        userType: persona,
        demoPersona: persona,
        emailConfirmed: true,
        confirmation: null,
      });
    } catch (error) {
      // Another replica created it first; theirs is the one.
      if (!(error instanceof UniquenessViolation)) throw error;
    }
    const created = await this.store.findDemoPersona(persona);
    if (!created) throw new Error(`demo persona ${persona} could not be created (its e-mail or username is taken by a real account)`);
    return created;
  }
}
