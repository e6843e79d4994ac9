import type { WithdrawalEvent, WithdrawalMethodConfig } from '@app/contracts/withdrawals';
import { WITHDRAWAL_LIMITS } from '@app/contracts/withdrawals';

/**
 * One withdrawal (stream `withdrawal-<id>`) of gems or USD: requested (the amount held in the ledger at once), then exactly one of
 * processed (the hold captured: payout and fee) or failed (the hold released). Pure decider: ids, time, the method
 * from configuration and whether the user is a demo sandbox arrive in the command.
 */
export type WithdrawalStatus = 'none' | 'pending' | 'processed' | 'failed';
type Requested = Extract<WithdrawalEvent, { type: 'WithdrawalRequested' }>['data'];

export interface WithdrawalState {
  status: WithdrawalStatus;
  requested: Requested | null;
  payoutReference: string | null;
  transactionId: string | null;
  failureReason: string | null;
  resolvedAt: string | null;
}

export const initialWithdrawal = (): WithdrawalState => ({ status: 'none', requested: null, payoutReference: null, transactionId: null, failureReason: null, resolvedAt: null });

export const GEM_MINOR_UNITS = 10_000n;

/** The method's fee on an amount, in gem minor units, rounded down (the user never pays more than the percentage). */
export function feeOf(amountMinor: bigint, feePercentage: number): bigint {
  const basisPoints = BigInt(Math.round(feePercentage * 100));
  return (amountMinor * basisPoints) / 10_000n;
}

/** USD minor units (scale 4) in one cent: payout rails pay whole cents, so USD amounts and fees are whole cents. */
export const USD_MINOR_PER_CENT = 100n;

/** USD withdrawals' own terms (configuration), in minor units. */
export interface UsdTerms {
  minAmountMinor: bigint;
  feePercentage: number;
}

export type WithdrawalCommand =
  | {
      type: 'RequestWithdrawal';
      data: {
        withdrawalId: string;
        userId: string;
        holdId: string;
        amountMinor: bigint;
        method: WithdrawalMethodConfig | undefined;
        /** gems: the 200-gem floor, the method's minimum and fee; usd: `usdTerms`' minimum and fee, whole cents. */
        currency: 'gems' | 'usd';
        usdTerms: UsdTerms;
        isDemo: boolean;
        encryptedDetails: string;
        maskedDetails: Record<string, string>;
        now: string;
      };
    }
  | { type: 'CompletePayout'; data: { payoutReference: string; transactionId: string; now: string } }
  | { type: 'FailPayout'; data: { reason: string; now: string } };

export type WithdrawalRefusal =
  | 'WITHDRAWAL_MUST_BE_NEW'
  | 'DEMO_ACCOUNTS_MUST_NOT_WITHDRAW'
  | 'AMOUNT_MUST_BE_AT_LEAST_200_GEMS'
  | 'METHOD_MUST_BE_OFFERED'
  | 'AMOUNT_MUST_REACH_THE_METHOD_MINIMUM'
  | 'AMOUNT_MUST_REACH_THE_USD_MINIMUM'
  | 'USD_AMOUNT_MUST_BE_WHOLE_CENTS'
  | 'WITHDRAWAL_MUST_EXIST'
  | 'WITHDRAWAL_MUST_BE_PENDING';

export type WithdrawalDecision = { kind: 'accepted'; events: WithdrawalEvent[] } | { kind: 'duplicate' } | { kind: 'refused'; refusal: WithdrawalRefusal };

const refuse = (refusal: WithdrawalRefusal): WithdrawalDecision => ({ kind: 'refused', refusal });

export function decideWithdrawal(command: WithdrawalCommand, state: WithdrawalState): WithdrawalDecision {
  switch (command.type) {
    case 'RequestWithdrawal': {
      const { withdrawalId, userId, holdId, amountMinor, method, currency, usdTerms, isDemo, encryptedDetails, maskedDetails, now } = command.data;
      if (state.status !== 'none') return refuse('WITHDRAWAL_MUST_BE_NEW');
      // Demo balances have no cash value: a sandbox must never turn them into a payout.
      if (isDemo) return refuse('DEMO_ACCOUNTS_MUST_NOT_WITHDRAW');
      let feeMinor: bigint;
      let feePercentage: number;
      if (currency === 'usd') {
        if (amountMinor % USD_MINOR_PER_CENT !== 0n) return refuse('USD_AMOUNT_MUST_BE_WHOLE_CENTS');
        if (amountMinor < usdTerms.minAmountMinor) return refuse('AMOUNT_MUST_REACH_THE_USD_MINIMUM');
        if (!method || !method.is_active) return refuse('METHOD_MUST_BE_OFFERED');
        feePercentage = usdTerms.feePercentage;
        // Rounded down to the cent: the user never pays more than the percentage, and the payout is whole cents.
        feeMinor = (feeOf(amountMinor, feePercentage) / USD_MINOR_PER_CENT) * USD_MINOR_PER_CENT;
      } else {
        if (amountMinor < BigInt(WITHDRAWAL_LIMITS.minGems) * GEM_MINOR_UNITS) return refuse('AMOUNT_MUST_BE_AT_LEAST_200_GEMS');
        if (!method || !method.is_active) return refuse('METHOD_MUST_BE_OFFERED');
        if (amountMinor < BigInt(method.min_amount) * GEM_MINOR_UNITS) return refuse('AMOUNT_MUST_REACH_THE_METHOD_MINIMUM');
        feePercentage = method.fee_percentage;
        feeMinor = feeOf(amountMinor, feePercentage);
      }
      return {
        kind: 'accepted',
        events: [
          {
            type: 'WithdrawalRequested',
            data: {
              withdrawalId,
              userId,
              holdId,
              amountMinor: amountMinor.toString(),
              feeMinor: feeMinor.toString(),
              feePercentage,
              method: method.method_name,
              // Gem events stay as they always were (no field means gems).
              ...(currency === 'usd' ? { currency: 'usd' as const } : {}),
              encryptedDetails,
              maskedDetails,
              requestedAt: now,
            },
          },
        ],
      };
    }
    case 'CompletePayout':
      if (!state.requested) return refuse('WITHDRAWAL_MUST_EXIST');
      if (state.status === 'processed') return { kind: 'duplicate' };
      if (state.status !== 'pending') return refuse('WITHDRAWAL_MUST_BE_PENDING');
      return {
        kind: 'accepted',
        events: [
          {
            type: 'WithdrawalProcessed',
            data: {
              withdrawalId: state.requested.withdrawalId,
              userId: state.requested.userId,
              amountMinor: state.requested.amountMinor,
              payoutReference: command.data.payoutReference,
              transactionId: command.data.transactionId,
              processedAt: command.data.now,
              ...(state.requested.currency === 'usd' ? { currency: 'usd' as const } : {}),
            },
          },
        ],
      };
    case 'FailPayout':
      if (!state.requested) return refuse('WITHDRAWAL_MUST_EXIST');
      if (state.status === 'failed') return { kind: 'duplicate' };
      if (state.status !== 'pending') return refuse('WITHDRAWAL_MUST_BE_PENDING');
      return {
        kind: 'accepted',
        events: [
          {
            type: 'WithdrawalFailed',
            data: {
              withdrawalId: state.requested.withdrawalId,
              userId: state.requested.userId,
              amountMinor: state.requested.amountMinor,
              reason: command.data.reason,
              failedAt: command.data.now,
              ...(state.requested.currency === 'usd' ? { currency: 'usd' as const } : {}),
            },
          },
        ],
      };
  }
}

export function evolveWithdrawal(state: WithdrawalState, event: WithdrawalEvent): WithdrawalState {
  switch (event.type) {
    case 'WithdrawalRequested':
      return { ...state, status: 'pending', requested: event.data };
    case 'WithdrawalProcessed':
      return { ...state, status: 'processed', payoutReference: event.data.payoutReference, transactionId: event.data.transactionId, resolvedAt: event.data.processedAt };
    case 'WithdrawalFailed':
      return { ...state, status: 'failed', failureReason: event.data.reason, resolvedAt: event.data.failedAt };
  }
}
