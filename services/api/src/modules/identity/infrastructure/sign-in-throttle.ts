import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { IDENTITY_POOL, type QueryablePool } from './tokens';

export interface ThrottleVerdict {
  allowed: boolean;
  /** Whole minutes until the oldest counted failure leaves the window (at least 1) when refused. */
  retryAfterMinutes: number;
}

/**
 * Counts failed sign-ins per account (e-mail) and per client address over a sliding window. Once either reaches its
 * limit, sign-in is refused (even with the right password) until old failures age out, so guessing stays slow.
 * Kept in PostgreSQL so every API replica sees the same counts, embedded mode included.
 */
@Injectable()
export class SignInThrottle {
  constructor(
    @Inject(IDENTITY_POOL) private readonly pool: QueryablePool,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async check(email: string, clientAddress: string): Promise<ThrottleVerdict> {
    const { maxFailuresPerAccount, maxFailuresPerAddress, windowMs } = this.config.signInThrottle;
    const { rows } = await this.pool.query<{ throttle_key: string; failures: string; oldest: Date }>(
      `SELECT throttle_key, count(*) AS failures, min(failed_at) AS oldest
         FROM identity_sign_in_failures
        WHERE throttle_key = ANY($1) AND failed_at > now() - make_interval(secs => $2)
        GROUP BY throttle_key`,
      [[accountKey(email), addressKey(clientAddress)], windowMs / 1000],
    );
    for (const row of rows) {
      const limit = row.throttle_key.startsWith('account:') ? maxFailuresPerAccount : maxFailuresPerAddress;
      if (Number(row.failures) >= limit) {
        const retryAfterMs = new Date(row.oldest).getTime() + windowMs - Date.now();
        return { allowed: false, retryAfterMinutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) };
      }
    }
    return { allowed: true, retryAfterMinutes: 0 };
  }

  async recordFailure(email: string, clientAddress: string): Promise<void> {
    await this.pool.query(
      `WITH pruned AS (DELETE FROM identity_sign_in_failures WHERE failed_at < now() - make_interval(secs => $2))
       INSERT INTO identity_sign_in_failures (throttle_key) SELECT unnest($1::text[])`,
      [[accountKey(email), addressKey(clientAddress)], this.config.signInThrottle.windowMs / 1000],
    );
  }

  /** A successful sign-in forgives the account's failures (not the address's: one address may try many accounts). */
  async recordSuccess(email: string): Promise<void> {
    await this.pool.query('DELETE FROM identity_sign_in_failures WHERE throttle_key = $1', [accountKey(email)]);
  }
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;
