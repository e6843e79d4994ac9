import { SYSTEM_ACCOUNTS, type LedgerMoneyCommand } from '@app/contracts/ledger';
import type { WithdrawalEvent, WithdrawalMethodConfig } from '@app/contracts/withdrawals';
import { WITHDRAWAL_LIMITS } from '@app/contracts/withdrawals';

/**
 * One withdrawal (stream `withdrawal-<id>`) of gems or USD: requested (the amount held in the ledger at once), then
 * exactly one of processed (the hold captured: payout and fee) or failed (the hold released). Pure decider: ids, time,
 * the method and hold period from configuration and whether the user is a demo sandbox arrive in the command.
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

export const initialWithdrawal = (): WithdrawalState => ({
  status: 'none',
  requested: null,
  payoutReference: null,
  transactionId: null,
  failureReason: null,
  resolvedAt: null,
});

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
        /** How long the ledger holds the amount before the hold lapses (configuration). */
        holdDays: number;
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

/** The whole outcome: the withdrawal's event and the ledger's hold command it runs with (place, capture, release). */
export type WithdrawalDecision =
  | { kind: 'accepted'; events: WithdrawalEvent[]; money: LedgerMoneyCommand }
  | { kind: 'duplicate' }
  | { kind: 'refused'; refusal: WithdrawalRefusal };

type Data<Type extends WithdrawalCommand['type']> = Extract<WithdrawalCommand, { type: Type }>['data'];
type RequestData = Data<'RequestWithdrawal'>;

const refuse = (refusal: WithdrawalRefusal): WithdrawalDecision => ({ kind: 'refused', refusal });
const DAY_MS = 86_400_000;
/** How the ledger describes the withdrawal's hold and capture. */
const wording = (requested: Requested) =>
  `${requested.currency === 'usd' ? 'USD withdrawal' : 'Withdrawal'} via ${requested.method}`;

export function decideWithdrawal(command: WithdrawalCommand, state: WithdrawalState): WithdrawalDecision {
  switch (command.type) {
    case 'RequestWithdrawal':
      return requestWithdrawal(command.data, state);
    case 'CompletePayout':
      return completePayout(command.data, state);
    case 'FailPayout':
      return failPayout(command.data, state);
  }
}

type RequestFee = { feeMinor: bigint; feePercentage: number; method: WithdrawalMethodConfig };

/** A request's fee, or its refusal: gems have the 200-gem floor and the method's terms, USD its own in whole cents. */
function feeOfRequest(data: RequestData): RequestFee | WithdrawalRefusal {
  const { amountMinor, method, usdTerms } = data;
  if (data.currency === 'usd') {
    if (amountMinor % USD_MINOR_PER_CENT !== 0n) return 'USD_AMOUNT_MUST_BE_WHOLE_CENTS';
    if (amountMinor < usdTerms.minAmountMinor) return 'AMOUNT_MUST_REACH_THE_USD_MINIMUM';
    if (!method || !method.is_active) return 'METHOD_MUST_BE_OFFERED';
    // Rounded down to the cent: the user never pays more than the percentage, and the payout is whole cents.
    const feeMinor = (feeOf(amountMinor, usdTerms.feePercentage) / USD_MINOR_PER_CENT) * USD_MINOR_PER_CENT;
    return { feeMinor, feePercentage: usdTerms.feePercentage, method };
  }
  if (amountMinor < BigInt(WITHDRAWAL_LIMITS.minGems) * GEM_MINOR_UNITS) return 'AMOUNT_MUST_BE_AT_LEAST_200_GEMS';
  if (!method || !method.is_active) return 'METHOD_MUST_BE_OFFERED';
  if (amountMinor < BigInt(method.min_amount) * GEM_MINOR_UNITS) return 'AMOUNT_MUST_REACH_THE_METHOD_MINIMUM';
  return { feeMinor: feeOf(amountMinor, method.fee_percentage), feePercentage: method.fee_percentage, method };
}

function requestWithdrawal(data: RequestData, state: WithdrawalState): WithdrawalDecision {
  if (state.status !== 'none') return refuse('WITHDRAWAL_MUST_BE_NEW');
  // Demo balances have no cash value: a sandbox must never turn them into a payout.
  if (data.isDemo) return refuse('DEMO_ACCOUNTS_MUST_NOT_WITHDRAW');
  const fee = feeOfRequest(data);
  if (typeof fee === 'string') return refuse(fee);
  const requested: Requested = {
    withdrawalId: data.withdrawalId,
    userId: data.userId,
    holdId: data.holdId,
    amountMinor: data.amountMinor.toString(),
    feeMinor: fee.feeMinor.toString(),
    feePercentage: fee.feePercentage,
    method: fee.method.method_name,
    // Gem events stay as they always were (no field means gems).
    ...(data.currency === 'usd' ? { currency: 'usd' as const } : {}),
    encryptedDetails: data.encryptedDetails,
    maskedDetails: data.maskedDetails,
    requestedAt: data.now,
  };
  // The whole amount (fee included) is held at once: the user can no longer spend it elsewhere.
  const hold: LedgerMoneyCommand = {
    type: 'PlaceHold',
    data: {
      holdId: data.holdId,
      userId: data.userId,
      currency: data.currency,
      amountMinor: data.amountMinor,
      expiresAt: new Date(Date.parse(data.now) + data.holdDays * DAY_MS).toISOString(),
      reasonCode: 'WITHDRAWAL',
      description: wording(requested),
      now: data.now,
    },
  };
  return { kind: 'accepted', events: [{ type: 'WithdrawalRequested', data: requested }], money: hold };
}

function completePayout(data: Data<'CompletePayout'>, state: WithdrawalState): WithdrawalDecision {
  const requested = state.requested;
  if (!requested) return refuse('WITHDRAWAL_MUST_EXIST');
  if (state.status === 'processed') return { kind: 'duplicate' };
  if (state.status !== 'pending') return refuse('WITHDRAWAL_MUST_BE_PENDING');
  const amountMinor = BigInt(requested.amountMinor);
  const feeMinor = BigInt(requested.feeMinor);
  // The hold is captured: the payout to system:withdrawals, the fee (when any) to system:fees.
  const capture: LedgerMoneyCommand = {
    type: 'CaptureHold',
    data: {
      holdId: requested.holdId,
      userId: requested.userId,
      amountMinor: amountMinor - feeMinor,
      creditAccount: SYSTEM_ACCOUNTS.withdrawals,
      ...(feeMinor > 0n ? { fee: { creditAccount: SYSTEM_ACCOUNTS.fees, amountMinor: feeMinor } } : {}),
      transactionId: data.transactionId,
      reasonCode: 'WITHDRAWAL',
      description: `${wording(requested)} (fee ${requested.feePercentage}%)`,
      now: data.now,
    },
  };
  const processed: WithdrawalEvent = {
    type: 'WithdrawalProcessed',
    data: {
      withdrawalId: requested.withdrawalId,
      userId: requested.userId,
      amountMinor: requested.amountMinor,
      payoutReference: data.payoutReference,
      transactionId: data.transactionId,
      processedAt: data.now,
      ...(requested.currency === 'usd' ? { currency: 'usd' as const } : {}),
    },
  };
  return { kind: 'accepted', events: [processed], money: capture };
}

function failPayout(data: Data<'FailPayout'>, state: WithdrawalState): WithdrawalDecision {
  const requested = state.requested;
  if (!requested) return refuse('WITHDRAWAL_MUST_EXIST');
  if (state.status === 'failed') return { kind: 'duplicate' };
  if (state.status !== 'pending') return refuse('WITHDRAWAL_MUST_BE_PENDING');
  const failed: WithdrawalEvent = {
    type: 'WithdrawalFailed',
    data: {
      withdrawalId: requested.withdrawalId,
      userId: requested.userId,
      amountMinor: requested.amountMinor,
      reason: data.reason,
      failedAt: data.now,
      ...(requested.currency === 'usd' ? { currency: 'usd' as const } : {}),
    },
  };
  // Nothing was paid out: the held amount is the user's to spend again.
  const { holdId, userId } = requested;
  const release: LedgerMoneyCommand = { type: 'ReleaseHold', data: { holdId, userId, now: data.now } };
  return { kind: 'accepted', events: [failed], money: release };
}

export function evolveWithdrawal(state: WithdrawalState, event: WithdrawalEvent): WithdrawalState {
  switch (event.type) {
    case 'WithdrawalRequested':
      return { ...state, status: 'pending', requested: event.data };
    case 'WithdrawalProcessed':
      return {
        ...state,
        status: 'processed',
        payoutReference: event.data.payoutReference,
        transactionId: event.data.transactionId,
        resolvedAt: event.data.processedAt,
      };
    case 'WithdrawalFailed':
      return { ...state, status: 'failed', failureReason: event.data.reason, resolvedAt: event.data.failedAt };
  }
}
