import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  CONVERSION_RATES,
  ConvertCurrencyResponse,
  convertCurrencyRoute,
  formatMinor,
  minorToApiNumber,
  type ConvertCurrencyRequest,
} from '@app/contracts/src/ledger';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../identity/auth/authenticated-user';
import { conversionCost, type LedgerCommand } from '../domain/decide';
import { userStreamId } from '../domain/streams';
import { keysConvertedFromPointsOn, utcDayOf } from '../domain/user-ledger';
import { IdempotencyService } from '../infrastructure/idempotency';
import { LedgerExecutor, newTransactionId, type LedgerOutcome } from '../infrastructure/ledger-executor';
import { refusalToApiError } from '../ledger-refusals';
import { toUserBalances } from '../wallets/get-user-balances.query';

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
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(convertCurrencyRoute.body)) body: ConvertCurrencyRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ConvertCurrencyResponse> {
    const keys = BigInt(body.amount);
    const command = (now: string): LedgerCommand => ({
      type: 'ConvertCurrency',
      data: { userId: caller.userId, fromCurrency: body.from_currency, toCurrency: 'keys', keys, transactionId: newTransactionId(), now },
    });
    const answer = (outcome: LedgerOutcome, now: string): ConvertCurrencyResponse => {
      if (outcome.kind === 'refused') throw refusalToApiError(outcome.refusal);
      const state = outcome.states.get(caller.userId)!;
      return {
        success: true,
        transaction_id: outcome.transactionId!,
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
    if (idempotencyKey === undefined) {
      const now = new Date().toISOString();
      return answer(await this.ledger.execute(command(now)), now);
    }
    const result = await this.idempotency.run<ConvertCurrencyResponse>(
      { scope: `POST /api/users/convert:${caller.userId}`, key: idempotencyKey, body },
      async (unit) => {
        const now = new Date().toISOString();
        return { status: 200, body: answer(await this.ledger.executeWithin(command(now), unit), now) };
      },
      { lockKeys: [userStreamId(caller.userId)] },
    );
    if (result.replayed) response.setHeader('Idempotency-Replayed', 'true');
    return result.body;
  }
}
