/** What identity needs from the platform: the event store and the pool (global providers of DatabaseModule). */
export {
  EVENT_STORE as IDENTITY_EVENT_STORE,
  DATABASE_POOL as IDENTITY_POOL,
} from '../../../platform/database/database.tokens';

/** The part of `pg.Pool` identity uses for reads outside a unit of work. */
export interface QueryablePool {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }>;
  /** With `name`, a prepared statement (PostgreSQL only: see IdentityStore.findSessionByTokenHash). */
  query<Row>(config: {
    name?: string;
    text: string;
    values?: unknown[];
  }): Promise<{ rows: Row[]; rowCount: number | null }>;
}
