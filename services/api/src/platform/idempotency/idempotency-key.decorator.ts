import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotentRequest } from './unit-of-work';

/**
 * The route's idempotent request, as a handler parameter: `@IdempotencyKey('POST /api/users/convert') idempotency:
 * IdempotentRequest`, handed to `UseCaseRunner.run({ idempotency, ... })` (or `IdempotencyService`). The scope names
 * the operation; keys are unique per scope and caller. A stored answer sets `Idempotency-Replayed: true`.
 *
 * A parameter rather than an interceptor with an AsyncLocalStorage: the request travels in plain sight, and the API
 * pays neither rxjs per request nor Node 20's promise hooks on every promise (README, Decisions).
 */
export const IdempotencyKey = createParamDecorator((scope: string, execution: ExecutionContext): IdempotentRequest => {
  const http = execution.switchToHttp();
  const request = http.getRequest<FastifyRequest & { authenticatedUser?: { userId: string } }>();
  const header = request.headers['idempotency-key'];
  return {
    scope: `${scope}:${request.authenticatedUser?.userId ?? 'anonymous'}`,
    key: Array.isArray(header) ? header[0] : header,
    // What the caller asked for: a replay must match both the path's ids and the body.
    body: { params: request.params ?? {}, body: request.body ?? null },
    onReplay: () => void http.getResponse<FastifyReply>().header('Idempotency-Replayed', 'true'),
  };
});
