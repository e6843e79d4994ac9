import type { PoolEvent, ShieldPool } from '@app/contracts/growth';

/** The insurance pool (stream `growth-insurance-pool-<real|demo>`): what premiums brought in bounds what claims pay. */
export interface PoolState {
  pool: ShieldPool;
  balanceMinor: bigint;
}
export const initialPool = (pool: string): PoolState => ({ pool: pool as ShieldPool, balanceMinor: 0n });
export type PoolCommand =
  | {
      type: 'ReceivePremium';
      data: { subscriptionId: string; amountMinor: bigint; transactionId: string; now: string };
    }
  | { type: 'PayClaim'; data: { claimId: string; amountMinor: bigint; transactionId: string; now: string } };
export type PoolDecision =
  { kind: 'accepted'; events: PoolEvent[] } | { kind: 'refused'; refusal: { code: 'POOL_TOO_SMALL' } };

export function decidePool(command: PoolCommand, state: PoolState): PoolDecision {
  const { amountMinor, transactionId, now } = command.data;
  if (command.type === 'ReceivePremium') {
    return {
      kind: 'accepted',
      events: [
        {
          type: 'PoolPremiumReceived',
          data: {
            subscriptionId: command.data.subscriptionId,
            amountMinor: amountMinor.toString(),
            transactionId,
            receivedAt: now,
          },
        },
      ],
    };
  }
  if (amountMinor > state.balanceMinor) return { kind: 'refused', refusal: { code: 'POOL_TOO_SMALL' } };
  return {
    kind: 'accepted',
    events: [
      {
        type: 'PoolClaimPaid',
        data: { claimId: command.data.claimId, amountMinor: amountMinor.toString(), transactionId, paidAt: now },
      },
    ],
  };
}

export function evolvePool(state: PoolState, event: PoolEvent): PoolState {
  const amount = BigInt(event.data.amountMinor);
  return {
    ...state,
    balanceMinor: event.type === 'PoolPremiumReceived' ? state.balanceMinor + amount : state.balanceMinor - amount,
  };
}
