/** The opened `Database` from `@app/event-store` (`{ pool, kind, close }`). */
export const DATABASE = Symbol('DATABASE');
/** The `pg.Pool` every module queries its tables through (one connection in embedded mode: see GOTCHAS). */
export const DATABASE_POOL = Symbol('DATABASE_POOL');
/** The `EventStore` port. */
export const EVENT_STORE = Symbol('EVENT_STORE');
/** The `SecretSource` (`secrets/instance-secrets.ts`): keys generated at the first start when none is configured. */
export const INSTANCE_SECRETS = Symbol('INSTANCE_SECRETS');
