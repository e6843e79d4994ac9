import { CONVERSION_RATES, Currency, minorUnitsPerUnit } from '@app/contracts/ledger';
import { SYSTEM_ACCOUNTS, userAccount } from './accounts';
import { CommandOf, LedgerDecision, LedgerDecisionState, refuse, stateOf } from './decision';
import { utcDayOf } from './events';
import { postTransaction } from './transaction-rules';
import { keysConvertedFromPointsOn } from './user-ledger';

/** Minor units of `fromCurrency` that buy `keys` keys. */
export function conversionCost(fromCurrency: Currency, keys: bigint): bigint | null {
  if (fromCurrency === 'points') return keys * BigInt(CONVERSION_RATES.pointsPerKey) * minorUnitsPerUnit('points');
  if (fromCurrency === 'gems') return keys * BigInt(CONVERSION_RATES.gemsPerKey) * minorUnitsPerUnit('gems');
  return null;
}

export function decideConvertCurrency(
  command: CommandOf<'ConvertCurrency'>,
  state: LedgerDecisionState,
): LedgerDecision {
  const { userId, fromCurrency, toCurrency, keys, transactionId, now } = command.data;
  const cost = conversionCost(fromCurrency, keys);
  if (toCurrency !== 'keys' || cost === null) return refuse('CONVERSION_MUST_BE_POINTS_OR_GEMS_TO_KEYS');
  if (keys <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
  const user = stateOf(state, userId);
  const utcDay = utcDayOf(now);
  if (
    fromCurrency === 'points' &&
    keysConvertedFromPointsOn(user, utcDay) + keys > BigInt(CONVERSION_RATES.dailyKeysFromPointsLimit)
  ) {
    return refuse('DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT');
  }
  const me = userAccount(userId);
  return postTransaction(state, {
    transactionId,
    reasonCode: 'CONVERSION',
    description: `Converted ${fromCurrency} to ${keys} key${keys === 1n ? '' : 's'}`,
    postings: [
      { debitAccount: me, creditAccount: SYSTEM_ACCOUNTS.conversion, currency: fromCurrency, amountMinor: cost },
      { debitAccount: SYSTEM_ACCOUNTS.conversion, creditAccount: me, currency: 'keys', amountMinor: keys },
    ],
    occurredAt: now,
    conversion: { fromCurrency, toCurrency, keys, utcDay },
  });
}
