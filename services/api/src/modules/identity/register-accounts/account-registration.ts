import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DemoPersona, SignInMethod, UserType } from '@app/contracts/identity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { ADMIN_EMAILS_REASON } from './admin-emails';
import { userStreamId, type RegisteredUser } from '../domain/user';
import { UniquenessViolation } from '../identity-refusals';
import { IdentityStore, type IdentityUnit, type UserRow } from '../infrastructure/identity-store';
import { LEDGER_ACCOUNTS, type LedgerAccounts } from '../infrastructure/ledger-accounts.port';
import { newReferralCode } from '../infrastructure/secrets';
import { SessionIssuer, type IssuedSession, type PreparedSession } from '../infrastructure/sessions';

export interface Registration {
  email: string;
  username: string;
  displayName: string | null;
  passwordHash: string | null;
  method: 'password' | 'demo' | 'google';
  userType: UserType;
  demoPersona: DemoPersona | null;
  /** A demo login's own sandbox (its ledger stream is opened as a sandbox, isolated from real accounts). */
  isDemo?: boolean;
  /** For a sandbox created for another demo login (a demo creator's companion advertiser): that login's user id. */
  demoOwnerUserId?: string;
  emailConfirmed: boolean;
  confirmation: { tokenHash: string; expiresAt: string } | null;
  externalIdentity?: { provider: 'google'; subject: string };
  /** Start a session in the same transaction (sign-up, demo, Google). */
  session?: { method: SignInMethod; clientAddress: string | null };
}

// A referral code clash (1 in 10^9 per pair) is retried with a fresh code a few times.
const REFERRAL_CODE_ATTEMPTS = 5;

/**
 * Registers users (sign-up, demo personas, Google) and finishes the work other modules do for a new user. The user,
 * its uniqueness rows and its first session commit together; the ledger's opening balance follows right after,
 * and is retried at the next sign-in if it failed (the ledger command is idempotent per user).
 */
@Injectable()
export class AccountRegistration {
  private readonly logger = new Logger('AccountRegistration');

  constructor(
    private readonly store: IdentityStore,
    private readonly sessions: SessionIssuer,
    @Inject(LEDGER_ACCOUNTS) private readonly ledger: LedgerAccounts,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async register(registration: Registration): Promise<{ user: RegisteredUser; session?: IssuedSession }> {
    for (let attempt = 1; ; attempt += 1) {
      // Fixed before the unit of work, so a rerun after a version conflict decides the same registration.
      const fixed = { userId: randomUUID(), now: new Date().toISOString(), referralCode: newReferralCode() };
      const asked = registration.session;
      const session = asked ? this.sessions.prepare({ userId: fixed.userId, ...asked }, fixed.now) : undefined;
      try {
        const lockKeys = [userStreamId(fixed.userId)];
        const result = await this.store.execute(
          (unit) => this.registerWithin(unit, registration, fixed, session),
          lockKeys,
        );
        await this.completeFollowUps(result.user.userId);
        return result;
      } catch (error) {
        const codeTaken = error instanceof UniquenessViolation && error.constraint === 'referral_code';
        if (codeTaken && attempt < REFERRAL_CODE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  private async registerWithin(
    unit: IdentityUnit,
    registration: Registration,
    { userId, now, referralCode }: { userId: string; now: string; referralCode: string },
    prepared: PreparedSession | undefined,
  ): Promise<{ user: RegisteredUser; session?: IssuedSession }> {
    let user = await unit.decideUser(userId, {
      type: 'RegisterUser',
      data: {
        userId,
        email: registration.email,
        username: registration.username,
        displayName: registration.displayName,
        userType: registration.userType,
        tier: 'free',
        referralCode,
        passwordHash: registration.passwordHash,
        method: registration.method,
        demoPersona: registration.demoPersona,
        ...(registration.isDemo ? { isDemo: true } : {}),
        ...(registration.demoOwnerUserId ? { demoOwnerUserId: registration.demoOwnerUserId } : {}),
        emailConfirmed: registration.emailConfirmed,
        confirmation: registration.confirmation,
        now,
      },
    });
    if (registration.externalIdentity) {
      const data = { ...registration.externalIdentity, email: registration.email, now };
      user = await unit.decideUser(userId, { type: 'LinkExternalIdentity', data });
    }
    // ADMIN_EMAILS: only an address someone vouched for (Google's verified e-mail) makes an admin at registration;
    // a password sign-up becomes one when it confirms the mailed link (see AdminEmails).
    if (
      registration.method === 'google' &&
      registration.emailConfirmed &&
      this.config.adminEmails.includes(registration.email)
    ) {
      user = await unit.decideUser(userId, { type: 'GrantAdminRole', data: { reason: ADMIN_EMAILS_REASON, now } });
    }
    if (user.status !== 'registered') throw new Error('registration did not register');
    const session = prepared ? await this.sessions.start(unit, prepared) : undefined;
    return { user, session };
  }

  /**
   * Opens the user's ledger accounts and funds demo personas, once each. Failures are logged and left for the next
   * sign-in: the user exists either way, and the ledger commands are idempotent.
   */
  async completeFollowUps(userId: string, known?: UserRow): Promise<void> {
    const row = known ?? (await this.store.findUserById(userId));
    if (!row) return;
    try {
      // A demo sandbox's ledger stream is opened by its funding, as a sandbox; opening it as a real account first
      // would let it exchange value with real users.
      if (row.demo_persona !== null && row.demo_funded_at === null) {
        await this.ledger.fundDemoPersona(row.user_id, row.demo_persona);
        await this.store.markDemoFunded(row.user_id);
        await this.store.markAccountsOpened(row.user_id);
        return;
      }
      if (row.accounts_opened_at === null) {
        await this.ledger.openAccounts(row.user_id);
        await this.store.markAccountsOpened(row.user_id);
      }
      if (row.demo_persona !== null && row.demo_funded_at === null) {
        await this.ledger.fundDemoPersona(row.user_id, row.demo_persona);
        await this.store.markDemoFunded(row.user_id);
      }
    } catch (error) {
      this.logger.error(
        `Ledger follow-up for user ${row.user_id} failed; retried at next sign-in: ${(error as Error).message}`,
      );
    }
  }
}
