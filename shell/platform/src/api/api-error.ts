/** A field-level validation message from the API (`field_errors` in ARCHITECTURE §5). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Every failed API call surfaces as this one error type, following the spec's generic mapping
 * (document 1 §8): the server's `code` or UNKNOWN_ERROR, the server's message or
 * 'HTTP Error {status}: {statusText}', and NETWORK_ERROR with status 0 when nothing answered.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly fieldErrors: FieldError[];

  constructor(input: { message: string; status: number; code: string; details?: unknown; fieldErrors?: FieldError[] }) {
    super(input.message);
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.code;
    this.details = input.details;
    this.fieldErrors = input.fieldErrors ?? [];
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }

  /** The message for one form field, if the server sent one. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((fieldError) => fieldError.field === field)?.message;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';
export const UNKNOWN_ERROR_CODE = 'UNKNOWN_ERROR';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is { field: unknown; message: unknown } => typeof item === 'object' && item !== null)
    .map((item) => ({ field: String(item.field ?? ''), message: String(item.message ?? '') }))
    .filter((item) => item.field !== '' && item.message !== '');
}

/** Builds the ApiError for a non-2xx response from its parsed body (or undefined when it was not JSON). */
export function apiErrorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const serverMessage =
    typeof record.error === 'string' && record.error.trim() !== ''
      ? record.error
      : typeof record.message === 'string' && record.message.trim() !== ''
        ? record.message
        : undefined;
  return new ApiError({
    message: serverMessage ?? `HTTP Error ${status}: ${statusText}`,
    status,
    code: typeof record.code === 'string' && record.code !== '' ? record.code : UNKNOWN_ERROR_CODE,
    details: record.details,
    fieldErrors: readFieldErrors(record.field_errors),
  });
}

export function networkError(cause?: unknown): ApiError {
  return new ApiError({
    message: NETWORK_ERROR_MESSAGE,
    status: 0,
    code: NETWORK_ERROR_CODE,
    details: cause instanceof Error ? cause.message : undefined,
  });
}
