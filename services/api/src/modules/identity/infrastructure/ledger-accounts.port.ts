import type { DemoPersona } from '@app/contracts/identity';

/**
 * What identity asks of the ledger: open a new user's accounts (opening balances) and fund a demo persona. Both
 * are idempotent per user on the ledger's side, so identity may retry them until it has recorded success.
 */
export interface LedgerAccounts {
  openAccounts(userId: string): Promise<void>;
  fundDemoPersona(userId: string, persona: DemoPersona): Promise<void>;
  /** Closes an expired demo sandbox's ledger stream (idempotent). */
  archiveSandbox(userId: string): Promise<void>;
}

export const LEDGER_ACCOUNTS = Symbol('LEDGER_ACCOUNTS');
