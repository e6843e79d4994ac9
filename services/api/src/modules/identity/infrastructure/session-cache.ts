import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import type { Database } from '@app/event-store';
import { DATABASE } from '../../../platform/database/database.tokens';

/** NOTIFY channel: the payload is the comma-separated ids of users whose user or session rows a commit changed. */
export const IDENTITY_CHANGED_CHANNEL = 'identity_changed';

const MAX_ENTRIES = 50_000;
/** An entry is read again after this long even if no change was announced: the bound on a lost notification. */
export const SESSION_CACHE_TTL_MS = 60_000;
const RECONNECT_DELAY_MS = 1_000;

interface Entry<Row> {
  row: Row;
  storedAt: number;
}

/**
 * Remembers the session row a token hash names, so an authenticated request costs no query (it was one round trip
 * per request, the largest share of the API's work on the hot path after the ledger itself).
 *
 * Staleness is bounded by invalidation, not by a short TTL:
 * - a commit in this process that changes a user or one of their sessions forgets that user's entries as soon as it
 *   returns (so a sign-out is refused by the very next request);
 * - other processes learn of it through `NOTIFY identity_changed`, sent inside the committing transaction, so it is
 *   delivered only once the change is visible;
 * - a lookup that began before a forget does not store what it read (it may hold the row as it was before);
 * - while the LISTEN connection is down (or not yet up) nothing is cached, and everything is dropped when it goes.
 * On the embedded database there is only ever this one process (split roles need PostgreSQL), so no LISTEN.
 */
@Injectable()
export class SessionCache<Row extends { user_id: string } = { user_id: string }>
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('SessionCache');
  private readonly entries = new Map<string, Entry<Row>>();
  private readonly byUser = new Map<string, Set<string>>();
  private generation = 0;
  private enabled: boolean;
  private listener: pg.Client | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(@Inject(DATABASE) private readonly database: Pick<Database, 'kind' | 'connectionString'>) {
    this.enabled = database.kind === 'pglite';
  }

  /** The cached row, or `load`'s answer (stored unless something was forgotten meanwhile). Misses are not cached. */
  async lookup(tokenHash: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const hit = this.entries.get(tokenHash);
    if (hit && Date.now() - hit.storedAt < SESSION_CACHE_TTL_MS) return hit.row;
    const generation = this.generation;
    const row = await load();
    if (row && this.enabled && generation === this.generation) this.store(tokenHash, row);
    return row;
  }

  /** Drops every entry of these users (their sessions or the user rows behind them changed). */
  forgetUsers(userIds: Iterable<string>): void {
    this.generation += 1;
    for (const userId of userIds) {
      for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
      this.byUser.delete(userId);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.database.kind === 'postgres') await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private store(tokenHash: string, row: Row): void {
    this.entries.delete(tokenHash);
    if (this.entries.size >= MAX_ENTRIES) this.evict(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { row, storedAt: Date.now() });
    let tokens = this.byUser.get(row.user_id);
    if (!tokens) this.byUser.set(row.user_id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  private evict(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    this.entries.delete(tokenHash);
    const tokens = entry && this.byUser.get(entry.row.user_id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(entry!.row.user_id);
  }

  private forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.connectionString });
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.enabled = false;
      this.forgetAll();
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(
        `LISTEN ${IDENTITY_CHANGED_CHANNEL} lost${error ? `: ${error.message}` : ''}; ` +
          'sessions are read uncached until it is back',
      );
      this.reconnect = setTimeout(() => void this.listen(), RECONNECT_DELAY_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === IDENTITY_CHANGED_CHANNEL)
        this.forgetUsers((message.payload ?? '').split(',').filter(Boolean));
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      this.listener = client;
      await client.connect();
      await client.query(`LISTEN ${IDENTITY_CHANGED_CHANNEL}`);
      if (this.listener !== client) return;
      // Whatever changed before LISTEN was up went unannounced here; nothing was cached meanwhile, so start empty.
      this.forgetAll();
      this.enabled = true;
    } catch (error) {
      lost(error as Error);
    }
  }
}
