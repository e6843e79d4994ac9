/**
 * Pays a withdrawal out to the user's account at a payout rail (PayPal, a bank, a crypto wallet, a check).
 * `withdrawalId` is the idempotency key: calling again for the same withdrawal never pays twice.
 */
export interface PayoutRequest {
  withdrawalId: string;
  method: string;
  /** gems or usd (scale 4 both; a USD payout is whole cents). */
  currency: 'gems' | 'usd';
  /** What reaches the user, in minor units of `currency` (the fee already taken). */
  netAmountMinor: bigint;
  details: Record<string, string>;
}

export type PayoutResult =
  | { kind: 'paid'; reference: string }
  /** A definitive refusal (closed account, invalid address): the withdrawal fails and its hold is released. */
  | { kind: 'refused'; reason: string };

export interface PayoutProvider {
  readonly name: string;
  /** Throws on a transient failure (network, timeout): the job retries. */
  pay(request: PayoutRequest): Promise<PayoutResult>;
}

export const PAYOUT_PROVIDER = Symbol('PAYOUT_PROVIDER');
