import { isUserAccount, userAccount } from './accounts';
import { CommandOf, LedgerDecision, LedgerDecisionState, accepted, refuse, stateOf } from './decision';
import { LedgerEvent } from './events';
import { postTransaction } from './transaction-rules';
import { UserLedgerState, availableBalance } from './user-ledger';

/** Two-phase movements: a hold stops money counting as available, then is captured (spent) or released. */

export function decidePlaceHold(command: CommandOf<'PlaceHold'>, state: LedgerDecisionState): LedgerDecision {
  const { holdId, userId, currency, amountMinor, expiresAt, reasonCode, description, now } = command.data;
  if (amountMinor <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
  const user = stateOf(state, userId);
  if (user.archived) return refuse('ACCOUNT_MUST_NOT_BE_ARCHIVED');
  if (user.holds.has(holdId)) return refuse('HOLD_MUST_BE_NEW');
  if (availableBalance(user, currency) < amountMinor) return refuse('BALANCE_MUST_COVER_AMOUNT');
  return accepted(userId, [
    {
      type: 'LedgerHoldPlaced',
      data: { holdId, userId, currency, amountMinor, expiresAt, reasonCode, description, placedAt: now },
    },
  ]);
}

export function decideCaptureHold(command: CommandOf<'CaptureHold'>, state: LedgerDecisionState): LedgerDecision {
  const { holdId, userId, amountMinor, creditAccount, fee, transactionId, reasonCode, description, now } = command.data;
  const user = stateOf(state, userId);
  const hold = user.holds.get(holdId);
  if (!hold) return refuse('HOLD_MUST_EXIST');
  if (hold.status !== 'open') return refuse('HOLD_MUST_BE_OPEN');
  if (Date.parse(now) >= Date.parse(hold.expiresAt)) return refuse('HOLD_MUST_NOT_HAVE_EXPIRED');
  if (amountMinor <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
  if (fee && fee.amountMinor <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
  const capturedMinor = amountMinor + (fee?.amountMinor ?? 0n);
  if (capturedMinor > hold.amountMinor) return refuse('CAPTURE_MUST_NOT_EXCEED_HOLD');
  if (isUserAccount(creditAccount) || (fee && isUserAccount(fee.creditAccount)))
    return refuse('CAPTURE_MUST_CREDIT_A_SYSTEM_ACCOUNT');
  // The capture releases the whole hold and posts the captured part in the same append, so the money counted
  // as held becomes spent without ever being available in between.
  const captured: LedgerEvent = {
    type: 'LedgerHoldCaptured',
    data: {
      holdId,
      userId,
      currency: hold.currency,
      capturedMinor,
      releasedMinor: hold.amountMinor - capturedMinor,
      transactionId,
      capturedAt: now,
    },
  };
  const released: UserLedgerState = {
    ...user,
    held: { ...user.held, [hold.currency]: user.held[hold.currency] - hold.amountMinor },
  };
  return postTransaction(
    { ...state, users: new Map([...state.users, [userId, released]]) },
    {
      transactionId,
      reasonCode,
      description,
      postings: [
        { debitAccount: userAccount(userId), creditAccount, currency: hold.currency, amountMinor },
        ...(fee
          ? [
              {
                debitAccount: userAccount(userId),
                creditAccount: fee.creditAccount,
                currency: hold.currency,
                amountMinor: fee.amountMinor,
              },
            ]
          : []),
      ],
      occurredAt: now,
      holdId,
    },
    new Map([[userId, [captured]]]),
  );
}

export function decideReleaseHold(
  command: CommandOf<'ReleaseHold' | 'ExpireHold'>,
  state: LedgerDecisionState,
): LedgerDecision {
  const { holdId, userId, now } = command.data;
  const hold = stateOf(state, userId).holds.get(holdId);
  if (!hold) return refuse('HOLD_MUST_EXIST');
  if (hold.status !== 'open') return refuse('HOLD_MUST_BE_OPEN');
  if (command.type === 'ExpireHold' && Date.parse(now) < Date.parse(hold.expiresAt)) {
    return refuse('HOLD_MUST_HAVE_REACHED_ITS_DEADLINE');
  }
  return accepted(userId, [
    {
      type: 'LedgerHoldReleased',
      data: {
        holdId,
        userId,
        currency: hold.currency,
        amountMinor: hold.amountMinor,
        reason: command.type === 'ExpireHold' ? 'expired' : 'released',
        releasedAt: now,
      },
    },
  ]);
}
