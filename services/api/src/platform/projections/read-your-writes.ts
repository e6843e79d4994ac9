import { Inject, Injectable } from '@nestjs/common';
import { DATABASE_POOL } from '../database/database.tokens';
import type { Queryable } from './projection-runner';
import { ProjectionsService } from './projections.service';

/** How long a read waits for eventual read models to pass the log head it saw: a bound, never a hang. */
export const READ_YOUR_WRITES_WAIT_MILLISECONDS = 1_000;
/**
 * The bound for a command that refuses on what it reads (an achievement claim on its counters): a read that trails
 * refuses wrongly, which costs the caller more than a list showing a stale row, so it waits longer.
 */
export const COMMAND_READ_WAIT_MILLISECONDS = 5_000;
const RECHECK_MILLISECONDS = 20;

/**
 * Lets a query on an eventual read model see the caller's own writes: before reading, wait (bounded) until the named
 * projections have passed the newest committed event as of the call. The caller's command committed before its next
 * request arrived, so that event is at or after it. Runners in this process are poked to project at once; in an
 * `http` process, where workers project, the wait reads their checkpoints.
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    private readonly projections: ProjectionsService,
    @Inject(DATABASE_POOL) private readonly database: Queryable,
  ) {}

  async awaitProjections(
    names: readonly string[],
    maxWaitMilliseconds = READ_YOUR_WRITES_WAIT_MILLISECONDS,
  ): Promise<void> {
    const runners = names.map((name) => this.projections.runner(name)).filter((runner) => runner !== undefined);
    if (runners.length === 0) return;
    const head = await this.latestCommittedCheckpoint();
    const deadline = Date.now() + maxWaitMilliseconds;
    for (;;) {
      const lags = await Promise.all(runners.map((runner) => runner.lag(head)));
      if (lags.every((lag) => lag <= 0) || Date.now() >= deadline) return;
      runners.forEach((runner, index) => lags[index] > 0 && runner.poke());
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MILLISECONDS));
    }
  }

  /**
   * The newest committed event, including those above the readers' safe end (`EventStore.headCheckpoint` stops below
   * the oldest transaction still running, which may be older than the caller's own write).
   */
  private async latestCommittedCheckpoint(): Promise<{ transactionId: bigint; position: bigint }> {
    const result = await this.database.query<{ transaction_id: string; position: string }>(
      'SELECT transaction_id::text AS transaction_id, position::text AS position FROM events ORDER BY ' +
        'transaction_id DESC, position DESC LIMIT 1',
    );
    const row = result.rows[0];
    return row
      ? { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }
      : { transactionId: 0n, position: 0n };
  }
}
