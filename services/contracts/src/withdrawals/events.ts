import { z } from 'zod';

/**
 * Withdrawal event payloads. Stream `withdrawal-<withdrawalId>`. Amounts are strings of minor units of the withdrawal's
 * currency (gems unless `currency` says usd).
 */
const minor = z.string().regex(/^\d+$/);
export const WithdrawalRequestedSchema = z.object({
  withdrawalId: z.string(),
  userId: z.string(),
  holdId: z.string(),
  amountMinor: minor,
  feeMinor: minor,
  feePercentage: z.number(),
  method: z.string(),
  /** Absent on gem withdrawals (and on every event before USD withdrawals existed): gems. */
  currency: z.enum(['gems', 'usd']).optional(),
  /** AES-256-GCM ciphertext of the details (never in clear in the log), and the masked form answers show. */
  encryptedDetails: z.string(),
  maskedDetails: z.record(z.string(), z.string()),
  requestedAt: z.string(),
});
export const WithdrawalProcessedSchema = z.object({
  withdrawalId: z.string(),
  /** The owner and the gems spent, so the notification needs nothing but this event. */
  userId: z.string(),
  amountMinor: minor,
  payoutReference: z.string(),
  transactionId: z.string(),
  processedAt: z.string(),
  /** As on the request: absent for gems. */
  currency: z.enum(['gems', 'usd']).optional(),
});
export const WithdrawalFailedSchema = z.object({
  withdrawalId: z.string(),
  userId: z.string(),
  amountMinor: minor,
  reason: z.string(),
  failedAt: z.string(),
  /** As on the request: absent for gems. */
  currency: z.enum(['gems', 'usd']).optional(),
});

export const WITHDRAWAL_EVENT_SCHEMAS = {
  WithdrawalRequested: WithdrawalRequestedSchema,
  WithdrawalProcessed: WithdrawalProcessedSchema,
  WithdrawalFailed: WithdrawalFailedSchema,
} as const;
export type WithdrawalEventType = keyof typeof WITHDRAWAL_EVENT_SCHEMAS;
export type WithdrawalEvent = {
  [Type in WithdrawalEventType]: { type: Type; data: z.infer<(typeof WITHDRAWAL_EVENT_SCHEMAS)[Type]> };
}[WithdrawalEventType];
export const WITHDRAWAL_STREAM_PREFIX = 'withdrawal-';
