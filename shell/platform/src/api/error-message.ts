import { NETWORK_ERROR_MESSAGE, isApiError } from './api-error';

/**
 * The text a modal shows for a failed call: the server's `error` when it sent one, 'Network error occurred' when
 * nothing answered, otherwise the screen's own default ('Conversion failed', 'Upgrade failed', ...), as spec 1 §8
 * says. The platform's client writes 'HTTP Error {status}: {statusText}' when the body had no message: that text
 * is not the server's, so the default wins over it.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  if (error.code === 'INVALID_RESPONSE' || /^HTTP Error \d+/.test(error.message)) return fallback;
  return error.message;
}
