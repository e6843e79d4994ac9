import { minorToApiNumber } from '@app/contracts/ledger';
import type { Withdrawal } from '@app/contracts/withdrawals';

export interface WithdrawalRow {
  withdrawal_id: string;
  currency: Withdrawal['currency_type'];
  amount_minor: string;
  fee_minor: string;
  fee_percentage: string;
  method: string;
  masked_details: Record<string, string>;
  status: Withdrawal['status'];
  failure_reason: string | null;
  payout_reference: string | null;
  created_at: Date;
  processed_at: Date | null;
}

export function withdrawalView(row: WithdrawalRow): Withdrawal {
  const amount = BigInt(row.amount_minor);
  const fee = BigInt(row.fee_minor);
  return {
    id: row.withdrawal_id,
    amount: minorToApiNumber(amount, row.currency),
    fee: minorToApiNumber(fee, row.currency),
    fee_percentage: Number(row.fee_percentage),
    net_amount: minorToApiNumber(amount - fee, row.currency),
    currency_type: row.currency,
    payment_method: row.method,
    payment_details: row.masked_details,
    status: row.status,
    failure_reason: row.failure_reason,
    payout_reference: row.payout_reference,
    created_at: row.created_at.toISOString(),
    processed_at: row.processed_at?.toISOString() ?? null,
  };
}

export const WITHDRAWAL_COLUMNS = `withdrawal_id, currency, amount_minor::text AS amount_minor,
  fee_minor::text AS fee_minor, fee_percentage::text AS fee_percentage, method, masked_details, status,
  failure_reason, payout_reference, created_at, processed_at`;
