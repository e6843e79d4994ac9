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
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { error: `The request body is larger than ${JSON_BODY_LIMIT_BYTES / 1024 / 1024} MB`, code: 'PAYLOAD_TOO_LARGE' } };
  }
  return { status: error.statusCode, body: { error: error.message, code: CODE_BY_STATUS[error.statusCode] ?? 'HTTP_ERROR' } };
}

type RequestWithLog = FastifyRequest & { raw: { log?: { error: (object: object, message: string) => void } } };

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
    const request = context.getRequest<RequestWithLog>();
    const reply = context.getResponse<FastifyReply>();
    const answer = this.answerFor(exception, request);
    if (reply.sent || reply.raw.headersSent) {
      // The body is already on its way (a stream failed half-way): all that is left is to end it.
      if (!reply.raw.writableEnded) reply.raw.end();
      return;
    }
    void reply.status(answer.status).send(answer.body);
  }

  private answerFor(exception: unknown, request: RequestWithLog): Answer {
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

  private logUnexpected(exception: unknown, request: RequestWithLog): void {
    const where = `${request.method} ${request.url}`;
    const stack = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    // pino-http's per-request logger (it carries the request id) lives on the raw request, when logging is on.
    const requestLogger = request.raw.log;
    if (requestLogger) requestLogger.error({ err: exception }, `Unhandled error on ${where}`);
    else this.logger.error(`Unhandled error on ${where}`, stack);
  }
}
