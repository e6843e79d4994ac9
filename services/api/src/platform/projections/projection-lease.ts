import { compareCheckpoints, preparedQuery, type TransactionHandle } from '@app/event-store';
import { checkpointFromRow, type Queryable, type StoredCheckpoint } from './projection-checkpoints';

/** A standby runner tries to take an expiring lease this long after it runs out (clocks read by the database). */
const LEASE_EXPIRY_MARGIN_MS = 50;

/** The lease row is not ours (another process took it over after ours expired): stop writing, go back to standby. */
export class LeaseLostError extends Error {}
/** The checkpoint row moved under us (a rebuild was swapped in): reload it and carry on. */
export class CheckpointMovedError extends Error {}

export interface LeaseOptions {
  /** Identifies this process in lease rows. */
  ownerId: string;
  pollIntervalMs: number;
  leaseDurationMs: number;
  logger: { log(message: string): void; warn(message: string): void };
}

/**
 * One projection's lease row as one runner sees it: the process that holds it is the one runner allowed to write,
 * and renews it as it works; the others stand by and take it over once it runs out.
 */
export class ProjectionLease {
  /** When the lease this process holds runs out (0: it holds none). */
  private validUntil = 0;
  /** How long the lease another process holds has left, as of this runner's last failed attempt to take it. */
  private othersLeftMs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly name: string,
    private readonly database: Queryable,
    private readonly options: LeaseOptions,
  ) {}

  get held(): boolean {
    return this.validUntil > 0;
  }

  /**
   * Takes or renews the lease; true while this process holds it. `onTaken` runs when it was not held before, ahead of
   * counting it as held (so a failing `onTaken` is run again on the next call).
   */
  async hold(onTaken: () => Promise<void>): Promise<boolean> {
    const now = Date.now();
    // Renew once a third of the lease has elapsed, so a slow batch never outlives it.
    if (this.validUntil - now > (this.options.leaseDurationMs * 2) / 3) return true;
    const result = await this.database.query(
      `insert into projection_leases (name, owner_id, expires_at)
       values ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
       on conflict (name) do update set owner_id = excluded.owner_id, expires_at = excluded.expires_at
         where projection_leases.owner_id = excluded.owner_id or projection_leases.expires_at < clock_timestamp()
       returning owner_id`,
      [this.name, this.options.ownerId, this.options.leaseDurationMs],
    );
    const held = result.rowCount === 1;
    if (!held) {
      const other = await this.database.query<{ left_ms: number | null }>(
        `select greatest(0, extract(epoch from expires_at - clock_timestamp()) * 1000)::integer as left_ms ` +
          `from projection_leases where name = $1`,
        [this.name],
      );
      this.othersLeftMs = other.rows[0]?.left_ms ?? 0;
    }
    if (held && this.validUntil === 0) {
      this.options.logger.log(`Projection ${this.name}: lease taken by ${this.options.ownerId}`);
      await onTaken();
    }
    this.validUntil = held ? now + this.options.leaseDurationMs : 0;
    return held;
  }

  /**
   * How long a runner that could not take the lease waits: until the holder's lease runs out (a holder that is alive
   * has renewed it by then), so a dead holder is replaced within the lease time rather than up to a third of a lease
   * later.
   */
  standbyPauseMs(): number {
    return Math.max(
      this.options.pollIntervalMs,
      Math.min(Math.floor(this.options.leaseDurationMs / 3), this.othersLeftMs + LEASE_EXPIRY_MARGIN_MS),
    );
  }

  /** Another process took the lease over (LeaseLostError): the next `hold` takes it afresh. */
  lost(): void {
    this.validUntil = 0;
  }

  /** Hands the lease back so another process can take over at once. */
  async release(): Promise<void> {
    if (this.validUntil === 0) return;
    this.validUntil = 0;
    await this.database
      .query('delete from projection_leases where name = $1 and owner_id = $2', [this.name, this.options.ownerId])
      .catch((error: Error) =>
        this.options.logger.warn(`Projection ${this.name}: could not release its lease: ${error.message}`),
      );
  }

  /** Throws LeaseLostError unless this process holds the lease row now. */
  async checkStillHeld(): Promise<void> {
    const lease = await this.database.query<{ mine: boolean }>(
      'select owner_id = $2 and expires_at > clock_timestamp() as mine from projection_leases where name = $1',
      [this.name, this.options.ownerId],
    );
    if (lease.rows[0]?.mine !== true) throw new LeaseLostError(`Projection ${this.name}: lease lost`);
  }

  /**
   * Locks the lease row, then the checkpoint row (the order a rebuild's swap takes them in: one statement takes its
   * row locks in the order of its FOR UPDATE OF list), in one statement, and checks both: the lease is this process's
   * and the checkpoint is where this runner last saved it. The locks serialise the batch with a swap and with a
   * takeover.
   */
  async lockWithCheckpoint(transaction: TransactionHandle, saved: StoredCheckpoint): Promise<void> {
    // Once per batch of every projection: prepared.
    const locked = await preparedQuery<{
      mine: boolean;
      transaction_id: string;
      position: string;
      version: number;
    }>(
      transaction,
      `select l.owner_id = $2 and l.expires_at > clock_timestamp() as mine, c.transaction_id, c.position, c.version
         from projection_leases l, projection_checkpoints c
        where l.name = $1 and c.name = $1
          for update of l, c`,
      [this.name, this.options.ownerId],
    );
    const row = locked.rows[0];
    if (row?.mine !== true) throw new LeaseLostError(`Projection ${this.name}: lease lost`);
    if (compareCheckpoints(checkpointFromRow(row), saved) !== 0 || Number(row.version) !== saved.version)
      throw new CheckpointMovedError();
  }
}
