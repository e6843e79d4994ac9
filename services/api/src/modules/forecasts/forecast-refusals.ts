import { FORECAST_MESSAGES } from '@app/contracts/forecasts';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../../platform/http/api-error';
import type { ForecastRefusal } from './domain/decide';

/** A forecast decider's refusal as the HTTP answer (nothing was written). */
export function forecastRefusalToApiError(refusal: ForecastRefusal): ApiError {
  switch (refusal) {
    case 'FORECAST_EXISTS':
      return conflict(refusal, 'This forecast already exists');
    case 'FORECAST_NOT_FOUND':
      return notFound(refusal, FORECAST_MESSAGES.forecastNotFound);
    case 'EXPIRES_IN_PAST':
      return unprocessable(refusal, FORECAST_MESSAGES.expiresInPast);
    case 'FORECAST_EXPIRED':
      return conflict(refusal, FORECAST_MESSAGES.expired);
    case 'FORECAST_RESOLVED':
      return conflict(refusal, FORECAST_MESSAGES.alreadyResolved);
    case 'DEMO_ACCOUNT_ISOLATION':
      return forbidden(
        'Demo accounts are sandboxes: no value can move between a demo account and a real account',
        refusal,
      );
    case 'OBSERVED_ON_PLATFORM':
      return unprocessable(refusal, FORECAST_MESSAGES.observationOnPlatform);
    case 'OBSERVATION_IN_FUTURE':
      return unprocessable(refusal, 'An observation cannot be in the future');
    case 'NOT_EXPIRED_YET':
      return conflict(refusal, FORECAST_MESSAGES.notExpiredYet);
    case 'AWAITING_OBSERVATION':
      return conflict(refusal, 'This forecast awaits its observation at expiry');
    case 'NOT_RESOLVED':
      return conflict(refusal, 'This forecast is not resolved yet');
    case 'NOTHING_TO_PAY':
      return conflict(refusal, 'Every payout of this forecast is made');
    case 'BATCH_PAID':
      return conflict(refusal, 'This payout batch is paid');
    case 'PAYOUTS_PENDING':
      return conflict(refusal, 'Payouts of this forecast are still being made');
  }
}

/** The ledger's refusal of a stake, in the forecasts' words (undefined: the ledger's own answer). */
export function stakeMoneyRefusal(refusal: string): ApiError | undefined {
  return refusal === 'BALANCE_MUST_COVER_AMOUNT'
    ? unprocessable('INSUFFICIENT_FUNDS', FORECAST_MESSAGES.insufficient)
    : undefined;
}
