/**
 * Ledger account ids. A user's account is `user:<userId>` (one balance per currency); system accounts are
 * `system:<name>`; escrows are `escrow:<owner kind>:<owner id>`. Only user accounts must stay at or above zero.
 */
export type AccountId = string;

export const SYSTEM_ACCOUNTS = Object.freeze({
  issuance: 'system:issuance',
  burn: 'system:burn',
  fees: 'system:fees',
  conversion: 'system:conversion',
  withdrawals: 'system:withdrawals',
});

export const ESCROW_OWNER_KINDS = ['drop', 'content', 'forecast', 'campaign', 'withdrawal', 'stake', 'project', 'insurance', 'sponsorship', 'offer'] as const;
export type EscrowOwnerKind = (typeof ESCROW_OWNER_KINDS)[number];

const userPrefix = 'user:';

export function userAccount(userId: string): AccountId {
  return `${userPrefix}${userId}`;
}

export function escrowAccount(ownerKind: EscrowOwnerKind, ownerId: string): AccountId {
  return `escrow:${ownerKind}:${ownerId}`;
}

export function isUserAccount(accountId: AccountId): boolean {
  return accountId.startsWith(userPrefix);
}

/** The user id behind a user account, or null for a system or escrow account. */
export function userIdOfAccount(accountId: AccountId): string | null {
  return isUserAccount(accountId) ? accountId.slice(userPrefix.length) : null;
}
