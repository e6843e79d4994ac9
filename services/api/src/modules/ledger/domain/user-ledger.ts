import { CURRENCIES, Currency } from '@app/contracts/ledger';
import { userAccount } from './accounts';
import { UserActivity, evolveActivity, initialActivity } from './activity';
import { LedgerEvent, utcDayOf } from './events';

export type CurrencyAmounts = Readonly<Record<Currency, bigint>>;

export interface HoldState {
  holdId: string;
  currency: Currency;
  amountMinor: bigint;
  expiresAt: string;
  status: 'open' | 'captured' | 'released' | 'expired';
}

/** Everything the deciders need to know about one user's ledger stream. */
export interface UserLedgerState {
  userId: string;
  opened: boolean;
  /** Ledger balance per currency, holds included. */
  balances: CurrencyAmounts;
  /** Part of the balance reserved by open holds; available = balance − held. */
  held: CurrencyAmounts;
  holds: ReadonlyMap<string, HoldState>;
  keysFromPoints: { utcDay: string; keys: bigint };
  lastDemoFundingDay: string | null;
  /**
   * A demo login's sandbox (recorded when the stream was opened, or by any demo funding): no value may move between
   * it and a real user's account. Read from the stream itself, so the rule never depends on a lagging read model.
   */
  sandbox: boolean;
  /** An expired sandbox: nothing more moves in or out of it. */
  archived: boolean;
  /** Days with activity and USD earned (`activity.ts`): what /api/users/me shows as the streak and earnings. */
  activity: UserActivity;
}

export const zeroAmounts = (): CurrencyAmounts =>
  Object.fromEntries(CURRENCIES.map((currency) => [currency, 0n])) as Record<Currency, bigint>;

export function initialUserLedgerState(userId: string): UserLedgerState {
  return {
    userId,
    opened: false,
    balances: zeroAmounts(),
    held: zeroAmounts(),
    holds: new Map(),
    keysFromPoints: { utcDay: '', keys: 0n },
    lastDemoFundingDay: null,
    sandbox: false,
    archived: false,
    activity: initialActivity(),
  };
}

export function availableBalance(state: UserLedgerState, currency: Currency): bigint {
  return state.balances[currency] - state.held[currency];
}

function withAmount(amounts: CurrencyAmounts, currency: Currency, delta: bigint): CurrencyAmounts {
  return { ...amounts, [currency]: amounts[currency] + delta };
}

function withHold(holds: ReadonlyMap<string, HoldState>, hold: HoldState): ReadonlyMap<string, HoldState> {
  const next = new Map(holds);
  next.set(hold.holdId, hold);
  return next;
}

export function evolve(state: UserLedgerState, event: LedgerEvent): UserLedgerState {
  switch (event.type) {
    case 'LedgerAccountOpened':
      return { ...state, opened: true, sandbox: state.sandbox || event.data.sandbox === true };
    case 'LedgerTransactionPosted': {
      const me = userAccount(state.userId);
      let balances = state.balances;
      for (const posting of event.data.postings) {
        if (posting.debitAccount === me) balances = withAmount(balances, posting.currency, -posting.amountMinor);
        if (posting.creditAccount === me) balances = withAmount(balances, posting.currency, posting.amountMinor);
      }
      let keysFromPoints = state.keysFromPoints;
      const conversion = event.data.conversion;
      if (conversion && conversion.fromCurrency === 'points') {
        const alreadyToday = keysFromPoints.utcDay === conversion.utcDay ? keysFromPoints.keys : 0n;
        keysFromPoints = { utcDay: conversion.utcDay, keys: alreadyToday + conversion.keys };
      }
      return { ...state, balances, keysFromPoints, activity: evolveActivity(state.activity, state.userId, event.data) };
    }
    case 'LedgerHoldPlaced': {
      const { holdId, currency, amountMinor, expiresAt } = event.data;
      return {
        ...state,
        held: withAmount(state.held, currency, amountMinor),
        holds: withHold(state.holds, { holdId, currency, amountMinor, expiresAt, status: 'open' }),
      };
    }
    case 'LedgerHoldCaptured':
    case 'LedgerHoldReleased': {
      const hold = state.holds.get(event.data.holdId);
      // A resolution of an unknown or already resolved hold cannot be appended by the deciders; skip it rather
      // than throw, so that a fold of recorded facts never stops (verify reports it).
      if (!hold || hold.status !== 'open') return state;
      const status = event.type === 'LedgerHoldCaptured' ? 'captured' : event.data.reason;
      return {
        ...state,
        held: withAmount(state.held, hold.currency, -hold.amountMinor),
        holds: withHold(state.holds, { ...hold, status }),
      };
    }
    case 'LedgerDemoPersonaFunded':
      // Only sandboxes are funded as demo personas (the shared personas of before were demo accounts too).
      return { ...state, lastDemoFundingDay: event.data.utcDay, sandbox: true };
    case 'LedgerSandboxArchived':
      return { ...state, archived: true };
  }
}

export function foldUserLedger(userId: string, events: Iterable<LedgerEvent>): UserLedgerState {
  let state = initialUserLedgerState(userId);
  for (const event of events) state = evolve(state, event);
  return state;
}

export function keysConvertedFromPointsOn(state: UserLedgerState, utcDay: string): bigint {
  return state.keysFromPoints.utcDay === utcDay ? state.keysFromPoints.keys : 0n;
}

export { utcDayOf };
