import { badRequest, type ApiError } from '../../platform/http/api-error';
import type { ProgressRefusal } from './domain/progress-account';

/** An XP award the decider refused: a caller's mistake (400), whatever the rule it broke. */
export function experienceRefusalError(_refusal: ProgressRefusal): ApiError {
  return badRequest('INVALID_XP_AMOUNT', 'XP awards must be a positive whole number');
}
