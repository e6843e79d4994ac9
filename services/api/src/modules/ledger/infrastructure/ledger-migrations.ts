import { join } from 'node:path';

/**
 * The ledger module's own tables (idempotency records), in `modules/ledger/migrations`; projections create theirs
 * through the runner.
 */
export const LEDGER_MIGRATIONS_DIRECTORY = join(__dirname, '..', 'migrations');
export const LEDGER_MIGRATIONS_TABLE = 'ledger_migrations';
