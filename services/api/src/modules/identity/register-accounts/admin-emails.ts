import { Inject, Injectable, Logger } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import type { UserEvent } from '../domain/user';
import { IdentityStore } from '../infrastructure/identity-store';

export const ADMIN_EMAILS_REASON = 'ADMIN_EMAILS configuration, address confirmed';

/**
 * Whether a user's events prove they own their e-mail address: they followed the link mailed to it
 * (`EmailConfirmed`), or Google vouched for it (registered through Google, which requires a verified address, or
 * linked a Google identity whose verified address is the account's). Registering with an address proves nothing,
 * and neither does `email_confirmed` alone: with REQUIRE_EMAIL_CONFIRMATION off, every sign-up starts confirmed.
 */
export function addressProven(events: UserEvent[]): boolean {
  let email: string | undefined;
  for (const event of events) {
    if (event.type === 'UserRegistered') {
      email = event.data.email;
      if (event.data.method === 'google' && event.data.emailConfirmed) return true;
    }
    if (event.type === 'EmailConfirmed') return true;
    if (
      event.type === 'ExternalIdentityLinked' &&
      email !== undefined &&
      event.data.email?.toLowerCase() === email.toLowerCase()
    )
      return true;
  }
  return false;
}

/**
 * `ADMIN_EMAILS`: the accounts with these addresses become administrators once the address is proven theirs (see
 * `addressProven`): when they confirm it through the mailed link, when Google vouches for it, or at start for
 * accounts already proven. Never by sign-up alone, or anyone could sign up first with an operator's address.
 * `npm run admin -- grant <email>` grants the role to any account, for an operator at the console.
 */
@Injectable()
export class AdminEmails {
  private readonly logger = new Logger('AdminEmails');

  constructor(
    private readonly store: IdentityStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  listed(email: string): boolean {
    return this.config.adminEmails.includes(email.trim().toLowerCase());
  }

  /** Grants the role to a listed account whose address is proven; true when it is (or already was) an admin. */
  async grantIfProven(userId: string): Promise<boolean> {
    const row = await this.store.findUserById(userId);
    if (!row || !this.listed(row.email)) return false;
    if (row.is_admin) return true;
    if (!addressProven(await this.store.readUserEvents(userId))) return false;
    const now = new Date().toISOString();
    await this.store.executeUser(userId, { type: 'GrantAdminRole', data: { reason: ADMIN_EMAILS_REASON, now } });
    this.logger.log(`Granted the admin role to ${row.email} (listed in ADMIN_EMAILS, address confirmed)`);
    return true;
  }

  /** At every start: the listed accounts whose address is proven; the others wait for their confirmation. */
  async grantAtStart(): Promise<void> {
    for (const email of this.config.adminEmails) {
      const row = await this.store.findUserByEmail(email);
      if (!row || row.is_admin) continue;
      if (!(await this.grantIfProven(row.user_id))) {
        this.logger.warn(
          `${email} is listed in ADMIN_EMAILS but has not confirmed the address: no admin role until it does`,
        );
      }
    }
  }
}
