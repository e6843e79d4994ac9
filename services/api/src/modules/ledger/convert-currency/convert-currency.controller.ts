import { Body, Controller } from '@nestjs/common';
import { convertCurrencyRoute, type ConvertCurrencyRequest, type ConvertCurrencyResponse } from '@app/contracts/ledger';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { convertCurrency } from './convert-currency.use-case';

/** `convertCurrencyRoute` (points or gems to keys). Honours `Idempotency-Key`. */
@Controller()
export class ConvertCurrencyController {
  constructor(private readonly runner: UseCaseRunner) {}

  @Route(convertCurrencyRoute)
  convert(
    @IdempotencyKey(convertCurrencyRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(convertCurrencyRoute.body)) body: ConvertCurrencyRequest,
  ): Promise<ConvertCurrencyResponse> {
    return this.runner.runCommand(convertCurrency(caller.userId, body, idempotency));
  }
}
