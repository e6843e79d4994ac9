import type { Currency } from '@app/contracts/ledger';

/** Ledger account ids as the ledger spells them (`user:`, `system:`, `escrow:<kind>:`); the domain imports no module. */
export const accounts = {
  user: (userId: string) => `user:${userId}`,
  issuance: 'system:issuance',
  conversion: 'system:conversion',
  /** Platform revenue: spent sponsorships end here. */
  fees: 'system:fees',
  contentEscrow: (contentId: string) => `escrow:content:${contentId}`,
  sponsorshipEscrow: (sponsorshipId: string) => `escrow:sponsorship:${sponsorshipId}`,
} as const;

export interface Posting {
  debitAccount: string;
  creditAccount: string;
  currency: Currency;
  amountMinor: bigint;
}
