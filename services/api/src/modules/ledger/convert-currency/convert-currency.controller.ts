import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  CONVERSION_RATES,
  ConvertCurrencyResponse,
  convertCurrencyRoute,
  formatMinor,
  minorToApiNumber,
  type ConvertCurrencyRequest,
} from '@app/contracts/ledger';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { conversionCost } from '../domain/conversion';
import type { LedgerCommand } from '../domain/decision';
import { keysConvertedFromPointsOn, utcDayOf } from '../domain/user-ledger';
import { IdempotencyService } from '../../../platform/idempotency/idempotency.service';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { LedgerExecutor, newTransactionId, type AcceptedPreview } from '../infrastructure/ledger-executor';
import { refusalToApiError } from '../ledger-refusals';
import { toUserBalances } from '../read-wallets/get-user-balances.query';

/**
 * POST /api/users/convert {from_currency: points|gems, to_currency: keys, amount: whole keys ≥ 1}. Honours
 * `Idempotency-Key`. The daily limit of 3 keys from points per UTC day is decided on the user's stream state, so it
 * holds under parallel requests (the append's expected version serialises them).
 */
@Controller('users')
export class ConvertCurrencyController {
  constructor(
    private readonly ledger: LedgerExecutor,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Post('convert')
  @HttpCode(200)
  async convert(
    @IdempotencyKey('POST /api/users/convert') idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(convertCurrencyRoute.body)) body: ConvertCurrencyRequest,
  ): Promise<ConvertCurrencyResponse> {
    const keys = BigInt(body.amount);
    const now = new Date().toISOString();
    const command: Extract<LedgerCommand, { type: 'ConvertCurrency' }> = {
      type: 'ConvertCurrency',
      data: { userId: caller.userId, fromCurrency: body.from_currency, toCurrency: 'keys', keys, transactionId: newTransactionId(), now },
    };
    const answer = (accepted: AcceptedPreview): ConvertCurrencyResponse => {
      const state = accepted.states.get(caller.userId)!;
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
    };
    // Without a key there is nothing to record: the command joins the executor's group commit.
    if (idempotency.key === undefined) {
      const outcome = await this.ledger.execute(command);
      if (outcome.kind === 'refused') throw refusalToApiError(outcome.refusal);
      return answer(outcome);
    }
    // With one, the key and this answer are recorded in the same group commit as the money.
    const result = await this.idempotency.runClaimed<ConvertCurrencyResponse>(
      { ...idempotency, key: idempotency.key },
      async (record) => {
        const outcome = await this.ledger.executeClaimed(command, (accepted) => record(answer(accepted)));
        if (outcome.kind === 'refused') throw refusalToApiError(outcome.refusal);
        return outcome;
      },
    );
    return result.body;
  }
}
