import { REASON_CODES } from './events';

/**
 * A transaction row's `transaction_type`: its reason code in lower case, except the spec's four names for drop
 * rewards, referral bonuses, staking rewards and withdrawals. The ledger's projection writes it and the wallet's
 * type filter offers it: one mapping for both.
 */
const SPEC_TRANSACTION_TYPES: Partial<Record<string, string>> = {
  DROP_REWARD: 'task_payment',
  REFERRAL_BONUS: 'referral_bonus',
  STAKING_REWARD: 'staking_reward',
  WITHDRAWAL: 'withdrawal',
};

export function transactionTypeOf(reasonCode: string): string {
  return SPEC_TRANSACTION_TYPES[reasonCode] ?? reasonCode.toLowerCase();
}

/** Every `transaction_type` a row can have, in reason-code order. */
export const TRANSACTION_TYPES: readonly string[] = REASON_CODES.map(transactionTypeOf);
