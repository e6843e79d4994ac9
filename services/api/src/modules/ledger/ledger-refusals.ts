import { LEDGER_MESSAGES } from '@app/contracts/src/ledger';
import { ApiError, unprocessable } from '../../platform/http/api-error';
import { LedgerRefusal } from './domain/decide';

/** The one place ledger refusals become HTTP answers (422 with the spec's texts). */
export function refusalToApiError(refusal: LedgerRefusal, fallbackMessage: string = LEDGER_MESSAGES.conversionFailed): ApiError {
  switch (refusal) {
    case 'BALANCE_MUST_COVER_AMOUNT':
      return unprocessable('INSUFFICIENT_BALANCE', LEDGER_MESSAGES.insufficientBalance);
    case 'DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT':
      return unprocessable('DAILY_CONVERSION_LIMIT', LEDGER_MESSAGES.dailyLimitReached);
    default:
      return unprocessable(refusal, fallbackMessage);
  }
}
