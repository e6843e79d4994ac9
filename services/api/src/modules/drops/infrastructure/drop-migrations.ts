import { join } from 'node:path';

/**
 * The drops module's own write-side table (the application → drop index), in `modules/drops/migrations`; read models
 * are projections.
 */
export const DROPS_MIGRATIONS_DIRECTORY = join(__dirname, '..', 'migrations');
export const DROPS_MIGRATIONS_TABLE = 'drops_migrations';
