// The account vocabulary is the contracts' (every module's decider names accounts the same way).
export {
  type AccountId,
  SYSTEM_ACCOUNTS,
  ESCROW_OWNER_KINDS,
  type EscrowOwnerKind,
  userAccount,
  escrowAccount,
  isUserAccount,
  userIdOfAccount,
} from '@app/contracts/ledger';
