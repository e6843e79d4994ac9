import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { rowsDocument, rowsTable } from '../../../platform/database/upsert-rows';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { IDENTITY_POOL, type QueryablePool } from './tokens';

export interface ThrottleVerdict {
  allowed: boolean;
  /** When refused: whole seconds until the fullest counter's window ends (at least 1); `Retry-After`. */
  retryAfterSeconds: number;
}

/** One counter an attempt is counted on: at most `max` attempts per window of `windowSeconds`. */
export interface ThrottleLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** How long an address an account signed in from is remembered as the owner's. */
const KNOWN_ADDRESS_DAYS = 30;

/**
 * Attempt counters in PostgreSQL (every API replica, the embedded database included, sees the same counts), one row
 * per key and fixed window. `take` checks every limit and counts the attempt on all of them in one statement,
 * under the rows' locks: of 40 parallel attempts against a limit of 5, exactly 5 pass. A refused attempt is not
 * counted, so hammering one closed counter does not fill the others.
 */
@Injectable()
export class AttemptCounters {
  constructor(@Inject(IDENTITY_POOL) private readonly pool: QueryablePool) {}

  async take(limits: ThrottleLimit[]): Promise<ThrottleVerdict> {
    const keys = limits.map((limit) => limit.key);
    // The rows must exist to be locked; a first attempt creates them (an empty window).
    await this.pool.query(
      `INSERT INTO identity_throttle_counters (throttle_key, attempts, window_started_at)
       SELECT key, 0, now() FROM unnest($1::text[]) AS key ORDER BY key
       ON CONFLICT (throttle_key) DO NOTHING`,
      [keys],
    );
    const { rows } = await this.pool.query<{ attempts: number; max: number; allowed: boolean; seconds_left: string }>(
      `WITH limits AS (
         SELECT key, max, window_seconds
           FROM ${rowsTable(1, { key: 'text', max: 'integer', window_seconds: 'float8' })} AS l
       ), locked AS (
         SELECT counter.throttle_key, limits.max, limits.window_seconds,
                CASE WHEN counter.window_started_at <= now() - make_interval(secs => limits.window_seconds) THEN 0
                  ELSE counter.attempts END AS attempts,
                CASE WHEN counter.window_started_at <= now() - make_interval(secs => limits.window_seconds) THEN now()
                  ELSE counter.window_started_at END AS window_started_at
           FROM identity_throttle_counters counter JOIN limits ON limits.key = counter.throttle_key
          ORDER BY counter.throttle_key
            FOR UPDATE OF counter
       ), verdict AS (
         SELECT coalesce(bool_and(locked.attempts < locked.max), true) AS allowed FROM locked
       ), counted AS (
         UPDATE identity_throttle_counters counter
            SET attempts = locked.attempts + 1, window_started_at = locked.window_started_at
           FROM locked, verdict
          WHERE verdict.allowed AND counter.throttle_key = locked.throttle_key
         RETURNING counter.throttle_key
       )
       SELECT locked.attempts, locked.max, verdict.allowed,
              extract(epoch FROM locked.window_started_at + make_interval(secs => locked.window_seconds) - now())
                AS seconds_left
         FROM locked, verdict`,
      [rowsDocument(limits.map((limit) => [limit.key, limit.max, limit.windowSeconds]))],
    );
    const allowed = rows.every((row) => row.allowed);
    if (allowed) return { allowed, retryAfterSeconds: 0 };
    const full = rows.filter((row) => row.attempts >= row.max);
    const secondsLeft = Math.max(1, ...full.map((row) => Math.ceil(Number(row.seconds_left))));
    return { allowed, retryAfterSeconds: secondsLeft };
  }

  /** Sets counters back: `cleared` to zero, `refunded` by the one attempt just counted. */
  async giveBack(options: { cleared?: string[]; refunded?: string[] }): Promise<void> {
    await this.pool.query(
      `UPDATE identity_throttle_counters
          SET attempts = CASE WHEN throttle_key = ANY($1::text[]) THEN 0 ELSE greatest(attempts - 1, 0) END
        WHERE throttle_key = ANY($1::text[]) OR throttle_key = ANY($2::text[])`,
      [options.cleared ?? [], options.refunded ?? []],
    );
  }

  /** Records that `key` happened now (a marker row, not a counter). */
  async mark(key: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO identity_throttle_counters (throttle_key, attempts, window_started_at) VALUES ($1, 0, now())
       ON CONFLICT (throttle_key) DO UPDATE SET window_started_at = now()`,
      [key],
    );
  }

  async markedWithin(key: string, seconds: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ marked: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM identity_throttle_counters
       WHERE throttle_key = $1 AND window_started_at > now() - make_interval(secs => $2)) AS marked`,
      [key, seconds],
    );
    return rows[0]?.marked === true;
  }

  /** Drops rows untouched for longer than `seconds` (every window is shorter). */
  async prune(seconds: number): Promise<void> {
    await this.pool.query(
      `DELETE FROM identity_throttle_counters WHERE window_started_at < now() - make_interval(secs => $1)`,
      [seconds],
    );
  }
}

/**
 * Sign-in throttling. Failures are counted three ways, each with its own bound:
 * - per account and address (`SIGN_IN_MAX_FAILURES_PER_ACCOUNT_ADDRESS`, low): one guesser is stopped early, and a
 *   stranger's failures from their address do not lock the owner out of theirs;
 * - per account from any address (`SIGN_IN_MAX_FAILURES_PER_ACCOUNT`, higher): however many addresses a guesser
 *   claims or owns, the account sees a bounded number of guesses. An address the owner signed in from within
 *   30 days is exempt from this one bound, so a distributed guesser does not lock the owner out either;
 * - per address over all accounts (`SIGN_IN_MAX_FAILURES_PER_ADDRESS`): one address spraying many accounts.
 * Every attempt is counted before the password is checked (atomically with the check, see `AttemptCounters`); a
 * right password gives it back and clears the account-and-address counter. Refused even with the right password
 * while a counter is full, so guessing stays slow.
 */
@Injectable()
export class SignInThrottle {
  constructor(
    private readonly counters: AttemptCounters,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Counts a sign-in attempt, or refuses it when a counter is full. */
  async attempt(email: string, clientAddress: string): Promise<ThrottleVerdict> {
    const { maxFailuresPerAccountAddress, maxFailuresPerAccount, maxFailuresPerAddress, windowMs } =
      this.config.signInThrottle;
    const windowSeconds = windowMs / 1000;
    const keys = keysOf(email, clientAddress);
    const knownAddress = await this.counters.markedWithin(keys.knownAddress, KNOWN_ADDRESS_DAYS * 86_400);
    const limits: ThrottleLimit[] = [
      { key: keys.accountAddress, max: maxFailuresPerAccountAddress, windowSeconds },
      { key: keys.address, max: maxFailuresPerAddress, windowSeconds },
    ];
    if (!knownAddress) limits.push({ key: keys.account, max: maxFailuresPerAccount, windowSeconds });
    // Now and then, rows whose windows ended long ago go (the known-address markers live longest).
    if (Math.random() < 0.01) await this.counters.prune(KNOWN_ADDRESS_DAYS * 86_400);
    return this.counters.take(limits);
  }

  /**
   * The password was right: the attempt is given back, this address's failures forgiven and remembered as the owner's.
   */
  async succeeded(email: string, clientAddress: string): Promise<void> {
    const keys = keysOf(email, clientAddress);
    await this.counters.giveBack({ cleared: [keys.accountAddress], refunded: [keys.account, keys.address] });
    await this.counters.mark(keys.knownAddress);
  }
}

/** Sign-ups per client address (`SIGN_UP_MAX_PER_ADDRESS` per `SIGN_UP_WINDOW_MINUTES`): mass account creation. */
@Injectable()
export class SignUpThrottle {
  constructor(
    private readonly counters: AttemptCounters,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  attempt(clientAddress: string): Promise<ThrottleVerdict> {
    const { maxPerAddress, windowMs } = this.config.signUpThrottle;
    return this.counters.take([{ key: signUpKey(clientAddress), max: maxPerAddress, windowSeconds: windowMs / 1000 }]);
  }

  /** A sign-up that was refused (a taken e-mail, say) does not count. */
  async failed(clientAddress: string): Promise<void> {
    await this.counters.giveBack({ refunded: [signUpKey(clientAddress)] });
  }

  /** Every demo login creates a sandbox account (with seeded drops): counted per address too, with its own bound. */
  attemptDemoLogin(clientAddress: string): Promise<ThrottleVerdict> {
    const { maxDemoLoginsPerAddress, windowMs } = this.config.signUpThrottle;
    return this.counters.take([
      {
        key: `demo-login:address:${throttledNetworkOf(clientAddress)}`,
        max: maxDemoLoginsPerAddress,
        windowSeconds: windowMs / 1000,
      },
    ]);
  }
}

/**
 * What the throttles count as one address: an IPv4 address (IPv4-mapped IPv6 included) as it is, an IPv6 address by
 * its /64 network. One subscriber commonly holds a whole /64, so counting single IPv6 addresses would give a guesser
 * 2^64 fresh counters.
 */
export function throttledNetworkOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const withoutZone = address.split('%')[0]!;
  if (isIP(withoutZone) !== 6) return address;
  const [head, tail] = withoutZone.toLowerCase().split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function keysOf(email: string, clientAddress: string) {
  const account = email.trim().toLowerCase();
  const network = throttledNetworkOf(clientAddress);
  return {
    accountAddress: `sign-in:account-address:${account}|${network}`,
    account: `sign-in:account:${account}`,
    address: `sign-in:address:${network}`,
    knownAddress: `sign-in:known-address:${account}|${network}`,
  };
}

const signUpKey = (clientAddress: string) => `sign-up:address:${throttledNetworkOf(clientAddress)}`;
