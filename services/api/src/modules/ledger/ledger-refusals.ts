import { LEDGER_MESSAGES } from '@app/contracts/ledger';
import { ApiError, forbidden, unprocessable } from '../../platform/http/api-error';
import { LedgerRefusal } from './domain/decision';

/** The one place ledger refusals become HTTP answers (422 with the spec's texts). */
export function refusalToApiError(
  refusal: LedgerRefusal,
  fallbackMessage: string = LEDGER_MESSAGES.conversionFailed,
): ApiError {
  switch (refusal) {
    case 'BALANCE_MUST_COVER_AMOUNT':
      return unprocessable('INSUFFICIENT_BALANCE', LEDGER_MESSAGES.insufficientBalance);
    case 'DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT':
      return unprocessable('DAILY_CONVERSION_LIMIT', LEDGER_MESSAGES.dailyLimitReached);
    case 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS':
      return forbidden(LEDGER_MESSAGES.demoIsolation, 'DEMO_ACCOUNT_ISOLATION');
    case 'ACCOUNT_MUST_NOT_BE_ARCHIVED':
      return forbidden(LEDGER_MESSAGES.sandboxArchived, 'DEMO_ACCOUNT_EXPIRED');
    default:
      return unprocessable(refusal, fallbackMessage);
  }
}
