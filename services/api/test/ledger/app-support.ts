import { IdentityModule } from '../../src/modules/identity';
import { LedgerModule } from '../../src/modules/ledger';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

/** The whole application with identity and the ledger on a fresh PostgreSQL database (jobs in process). */
export function startLedgerApp(): Promise<IdentityTestApp> {
  return startAppWithModules('ledger_api', [IdentityModule, LedgerModule]);
}
