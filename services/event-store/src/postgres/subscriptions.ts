import type pg from 'pg';
import type {
  Checkpoint,
  ReadAllBatch,
  ReadAllOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import { DEFAULT_READ_LIMIT } from './reads';

/** NOTIFY channel signalled by every append so that subscribers poll at once instead of at their next tick. */
export const EVENT_STORE_CHANNEL = 'event_store_appended';

const DEFAULT_POLL_INTERVAL_MS = 250;
/** At most one NOTIFY per this interval, the first at once (README, Decisions: "NOTIFY after commit, throttled"). */
const NOTIFY_MIN_INTERVAL_MS = 25;

function sleep(milliseconds: number, signal: { wake?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, milliseconds);
    function done() {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    }
    signal.wake = done;
  });
}

/**
 * A store's subscriptions: poll loops over readAll, woken at once by this process's commits (`wake`) and by NOTIFY
 * from other processes on one shared LISTEN connection. Closing ends every loop and releases that connection.
 */
export class SubscriptionHub {
  private readonly wakers = new Set<() => void>();
  private listener: { client: pg.PoolClient; release(destroy: boolean): void } | undefined;
  private listenerStarting: Promise<void> | undefined;
  private notifyTimer: NodeJS.Timeout | undefined;
  private lastNotifiedAt = 0;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly notifications: boolean,
    private readonly readAll: (after: Checkpoint, options: ReadAllOptions) => Promise<ReadAllBatch>,
  ) {}

  /**
   * Wakes subscribers once an append is committed: at once in this process, and through a NOTIFY (at most one per
   * NOTIFY_MIN_INTERVAL_MS) for other processes. NOTIFY is sent after commit, never inside the append's transaction,
   * because PostgreSQL serialises the commits of notifying transactions.
   */
  wake(): void {
    this.wakers.forEach((wake) => wake());
    if (!this.notifications || this.closed || this.notifyTimer) return;
    this.notifyTimer = setTimeout(
      () => {
        this.notifyTimer = undefined;
        if (this.closed) return;
        this.lastNotifiedAt = Date.now();
        this.pool.query(`SELECT pg_notify('${EVENT_STORE_CHANNEL}', '')`).catch(() => undefined);
      },
      Math.max(0, this.lastNotifiedAt + NOTIFY_MIN_INTERVAL_MS - Date.now()),
    );
  }

  subscribe(
    handler: (events: StoredEvent[], checkpoint: Checkpoint) => Promise<void>,
    options: SubscribeOptions,
  ): Subscription {
    const batchSize = options.batchSize ?? DEFAULT_READ_LIMIT;
    const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    const onError =
      options.onError ?? ((error: unknown) => console.error('[event-store] subscription error, retrying:', error));
    let checkpoint = options.from;
    let stopping = false;
    // Set when a NOTIFY arrives while a batch is being handled, so the next wait returns at once.
    let woken = false;
    const sleeper: { wake?: () => void } = {};
    const waker = () => {
      woken = true;
      sleeper.wake?.();
    };
    this.wakers.add(waker);
    if (this.notifications) void this.startListening();

    const loop = (async () => {
      // A closed store ends its subscriptions instead of failing on the closed pool forever.
      while (!stopping && !this.closed) {
        try {
          woken = false;
          const batch = await this.readAll(checkpoint, { limit: batchSize, eventTypes: options.eventTypes });
          if (batch.events.length > 0) await handler(batch.events, batch.nextCheckpoint);
          checkpoint = batch.nextCheckpoint;
          if (batch.caughtUp && !woken && !stopping) await sleep(pollIntervalMs, sleeper);
        } catch (error) {
          if (stopping || this.closed) break;
          onError(error);
          await sleep(pollIntervalMs, sleeper);
        }
      }
    })();

    return {
      stop: async () => {
        stopping = true;
        sleeper.wake?.();
        await loop;
        this.wakers.delete(waker);
      },
      get checkpoint() {
        return checkpoint;
      },
    };
  }

  /** One LISTEN connection per store, shared by its subscriptions; polling covers the time before it is up. */
  private async startListening(): Promise<void> {
    try {
      if (!this.listener) {
        this.listenerStarting ??= (async () => {
          const client = await this.pool.connect();
          const onNotification = () => this.wakers.forEach((wake) => wake());
          const onError = () => {
            // A lost LISTEN connection only costs latency: subscribers keep polling.
            if (this.listener === listener) this.listener = undefined;
            this.listenerStarting = undefined;
            listener.release(true);
          };
          let released = false;
          const listener = {
            client,
            // Idempotent, and our handlers go first: after release the pool's own idle handler owns the client's
            // errors (a FATAL can still arrive while the connection closes, e.g. on DROP DATABASE ... FORCE).
            release(destroy: boolean) {
              if (released) return;
              released = true;
              client.off('notification', onNotification);
              client.off('error', onError);
              client.release(destroy ? new Error('LISTEN connection lost') : undefined);
            },
          };
          client.on('notification', onNotification);
          client.on('error', onError);
          await client.query(`LISTEN ${EVENT_STORE_CHANNEL}`);
          if (this.closed) {
            listener.release(false);
            return;
          }
          this.listener = listener;
        })();
        await this.listenerStarting;
      }
    } catch (error) {
      this.listenerStarting = undefined;
      console.warn('[event-store] LISTEN unavailable, subscriptions poll only:', (error as Error).message);
    }
  }

  /** Ends every subscription loop and releases the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.notifyTimer);
    // Wake sleeping subscriptions so that their loops see the store closed and end.
    this.wakers.forEach((wake) => wake());
    this.wakers.clear();
    await this.listenerStarting?.catch(() => undefined);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      try {
        await listener.client.query(`UNLISTEN ${EVENT_STORE_CHANNEL}`);
        listener.release(false);
      } catch {
        listener.release(true);
      }
    }
  }
}
