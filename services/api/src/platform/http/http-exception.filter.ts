import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { WrongExpectedVersionError } from '@app/event-store';
import type { ApiErrorBody } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, FieldError } from './api-error';
import { JSON_BODY_LIMIT_BYTES } from './body-parsing';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

interface Answer {
  status: number;
  body: ApiErrorBody;
}

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}

function answerForHttpException(exception: HttpException): Answer {
  const status = exception.getStatus();
  const response = exception.getResponse();
  let message = exception.message;
  if (typeof response === 'object' && response !== null && 'message' in response) {
    const raw = (response as { message: unknown }).message;
    if (typeof raw === 'string') message = raw;
    else if (Array.isArray(raw)) message = raw.map(String).join('; ');
  }
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR');
  // 5xx HttpExceptions come from our own code; their message is internal.
  if (status >= 500 && status !== 503) return { status, body: { error: 'Internal server error', code } };
  return { status, body: { error: message, code } };
}

/** An error Fastify raised itself before any handler ran (a body over the limit, say): `FST_*` with a 4xx status. */
interface FastifyClientError {
  code: string;
  statusCode: number;
  message: string;
}

function isFastifyClientError(error: unknown): error is FastifyClientError {
  const candidate = error as Partial<FastifyClientError> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.code === 'string' &&
    candidate.code.startsWith('FST_') &&
    typeof candidate.statusCode === 'number' &&
    candidate.statusCode >= 400 &&
    candidate.statusCode < 500
  );
}

function answerForFastifyClientError(error: FastifyClientError): Answer {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return {
      status: 414,
      body: {
        error: `A path parameter is longer than the ${MAX_PARAM_LENGTH} characters allowed`,
        code: 'URI_TOO_LONG',
      },
    };
  }
  if (error.code === 'FST_ERR_BAD_URL')
    return { status: 400, body: { error: 'The request path is not valid URL encoding', code: 'BAD_URL' } };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      body: {
        error: `The request body is larger than ${JSON_BODY_LIMIT_BYTES / 1024 / 1024} MB`,
        code: 'PAYLOAD_TOO_LARGE',
      },
    };
  }
  return {
    status: error.statusCode,
    body: { error: error.message, code: CODE_BY_STATUS[error.statusCode] ?? 'HTTP_ERROR' },
  };
}

/** Fastify's `maxParamLength` (its default): a longer path parameter is answered 414 before any route runs. */
export const MAX_PARAM_LENGTH = 100;

/**
 * The one place where failures become HTTP answers, in the ARCHITECTURE §5 shape. Expected refusals carry their
 * status; anything unexpected is a 500 whose details stay in the log (with the request id), never in the body.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const context = host.switchToHttp();
    this.answer(exception, context.getRequest<FastifyRequest>(), context.getResponse<FastifyReply>());
  }

  /**
   * Answers a failure on `reply`. Also called for the errors Fastify raises before any route runs (a path parameter
   * over `maxParamLength`, a malformed URL: its `frameworkErrors`), so those answers share the shape and request id.
   */
  answer(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const answer = this.answerFor(exception, request);
    if (exception instanceof ApiError && exception.retryAfterSeconds !== undefined && !reply.sent) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    if (reply.sent || reply.raw.headersSent) {
      // The body is already on its way (a stream failed half-way): all that is left is to end it.
      if (!reply.raw.writableEnded) reply.raw.end();
      return;
    }
    void reply.status(answer.status).send(answer.body);
  }

  private answerFor(exception: unknown, request: FastifyRequest): Answer {
    if (exception instanceof ApiError) {
      const body: ApiErrorBody = { error: exception.message, code: exception.code };
      if (exception.details !== undefined) body.details = exception.details;
      if (exception.fieldErrors !== undefined) body.field_errors = exception.fieldErrors;
      return { status: exception.status, body };
    }
    if (exception instanceof z.ZodError) {
      const fieldErrors = fieldErrorsOf(exception);
      return {
        status: HttpStatus.BAD_REQUEST,
        body: {
          error: fieldErrors[0]?.message ?? 'Invalid input',
          code: 'VALIDATION_ERROR',
          field_errors: fieldErrors,
        },
      };
    }
    if (exception instanceof WrongExpectedVersionError) {
      // Command handlers retry on this; one that still escapes means sustained contention on the same stream.
      return {
        status: HttpStatus.CONFLICT,
        body: { error: 'The resource was changed by another request; try again', code: 'CONCURRENT_MODIFICATION' },
      };
    }
    if (isFastifyClientError(exception)) return answerForFastifyClientError(exception);
    if (exception instanceof HttpException) {
      const answer = answerForHttpException(exception);
      if (answer.status >= 500) this.logUnexpected(exception, request);
      return answer;
    }
    this.logUnexpected(exception, request);
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: {
        error: 'Internal server error',
        code: 'INTERNAL_ERROR',
        details: { request_id: String(request.id) },
      },
    };
  }

  /**
   * Every unexpected failure is logged at `error` with its stack and the request id its 500 answer names, so the
   * answer a user reports leads to the exception. (pino serialises `err` with its type, message and stack.)
   */
  private logUnexpected(exception: unknown, request: FastifyRequest): void {
    const err = exception instanceof Error ? exception : new Error(`Non-error thrown: ${String(exception)}`);
    this.logger.error(
      { err, request_id: String(request.id), method: request.method, url: request.url },
      `Unhandled error on ${request.method} ${request.url}`,
    );
  }
}
