import { IdentityModule, LedgerModule } from '../../src/modules/context-modules';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

/** The whole application with identity and the ledger on a fresh PostgreSQL database (jobs in process). */
export function startLedgerApp(): Promise<IdentityTestApp> {
  return startAppWithModules('ledger_api', [IdentityModule, LedgerModule]);
}
