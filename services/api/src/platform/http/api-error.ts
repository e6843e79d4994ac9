/**
 * Expected refusals, mapped to HTTP in one place (the global exception filter). Domain code returns typed refusal
 * codes; the adapter that calls it turns them into an ApiError. Anything else that escapes is a bug and a 500.
 */
export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  /** Sent as `Retry-After` (seconds) with a 429 or 503, when set. */
  retryAfterSeconds?: number;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: string, message: string, fieldErrors?: FieldError[]) =>
  new ApiError(400, code, message, undefined, fieldErrors);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new ApiError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this', code = 'FORBIDDEN') =>
  new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const conflict = (code: string, message: string, details?: unknown) => new ApiError(409, code, message, details);
export const unprocessable = (code: string, message: string, details?: unknown) =>
  new ApiError(422, code, message, details);
export const tooManyRequests = (message: string, code = 'TOO_MANY_REQUESTS', retryAfterSeconds?: number) => {
  const error = new ApiError(429, code, message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
};
