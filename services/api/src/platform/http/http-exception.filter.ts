import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { WrongExpectedVersionError } from '@app/event-store';
import type { ApiErrorBody } from '@app/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ApiError, FieldError } from './api-error';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
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
    const request = context.getRequest<Request & { id?: unknown }>();
    const response = context.getResponse<Response>();
    const answer = this.answerFor(exception, request);
    if (response.headersSent) {
      // The body is already on its way (a stream failed half-way): all that is left is to end it.
      response.end();
      return;
    }
    response.status(answer.status).json(answer.body);
  }

  private answerFor(exception: unknown, request: Request & { id?: unknown }): Answer {
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
        body: { error: fieldErrors[0]?.message ?? 'Invalid input', code: 'VALIDATION_ERROR', field_errors: fieldErrors },
      };
    }
    if (exception instanceof WrongExpectedVersionError) {
      // Command handlers retry on this; one that still escapes means sustained contention on the same stream.
      return {
        status: HttpStatus.CONFLICT,
        body: { error: 'The resource was changed by another request; try again', code: 'CONCURRENT_MODIFICATION' },
      };
    }
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
        ...(request.id !== undefined ? { details: { request_id: String(request.id) } } : {}),
      },
    };
  }

  private logUnexpected(exception: unknown, request: Request & { id?: unknown }): void {
    const where = `${request.method} ${request.originalUrl ?? request.url}`;
    const stack = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    const requestLogger = (request as { log?: { error: (object: object, message: string) => void } }).log;
    if (requestLogger) requestLogger.error({ err: exception }, `Unhandled error on ${where}`);
    else this.logger.error(`Unhandled error on ${where}`, stack);
  }
}
