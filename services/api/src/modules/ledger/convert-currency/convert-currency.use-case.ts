import {
  CONVERSION_RATES,
  formatMinor,
  minorToApiNumber,
  type ConvertCurrencyRequest,
  type ConvertCurrencyResponse,
} from '@app/contracts/ledger';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import type { CommandUseCase } from '../../../platform/use-cases/use-case-runner';
import { conversionCost } from '../domain/conversion';
import { keysConvertedFromPointsOn, utcDayOf } from '../domain/user-ledger';
import { newTransactionId } from '../infrastructure/ledger-executor';
import { ledgerStateAfter } from '../infrastructure/money-port.adapter';
import { toUserBalances } from '../read-wallets/get-user-balances.query';

/**
 * A conversion is one ledger command (`ConvertCurrency`, decided on the user's stream: the daily limit of keys from
 * points holds under parallel requests), answered with the balances it leaves. It runs in the ledger's group commit
 * (`UseCaseRunner.runCommand`), its `Idempotency-Key` recorded in the same append.
 */
export function convertCurrency(
  userId: string,
  body: ConvertCurrencyRequest,
  idempotency: IdempotentRequest,
  now = new Date().toISOString(),
): CommandUseCase<ConvertCurrencyResponse> {
  const keys = BigInt(body.amount);
  const transactionId = newTransactionId();
  return {
    command: {
      type: 'ConvertCurrency',
      data: { userId, fromCurrency: body.from_currency, toCurrency: 'keys', keys, transactionId, now },
    },
    answer(accepted) {
      const state = ledgerStateAfter(accepted, userId);
      return {
        success: true,
        transaction_id: accepted.transactionId!,
        from_currency: body.from_currency,
        to_currency: 'keys',
        amount_spent: Number(formatMinor(conversionCost(body.from_currency, keys)!, body.from_currency)),
        keys_received: minorToApiNumber(keys, 'keys'),
        keys_converted_from_points_today: Number(keysConvertedFromPointsOn(state, utcDayOf(now))),
        daily_points_conversion_limit: CONVERSION_RATES.dailyKeysFromPointsLimit,
        balances: { ...toUserBalances(state) },
      };
    },
    idempotency,
  };
}
