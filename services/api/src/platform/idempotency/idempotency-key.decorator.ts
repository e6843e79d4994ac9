import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRoute } from '@app/contracts';
import type { IdempotentRequest } from './unit-of-work';

/**
 * The route's idempotent request, as a handler parameter: `@IdempotencyKey(convertCurrencyRoute) idempotency:
 * IdempotentRequest`, handed to `UseCaseRunner.run({ idempotency, ... })` (or `IdempotencyService`). The scope names
 * the route (`POST /api/users/convert`); keys are unique per scope and caller. A stored answer sets
 * `Idempotency-Replayed: true`.
 *
 * A parameter rather than an interceptor with an AsyncLocalStorage: the request travels in plain sight, and the API
 * pays neither rxjs per request nor Node's promise hooks on every promise (README, Decisions).
 */
export const IdempotencyKey = createParamDecorator((route: AnyRoute, execution: ExecutionContext) =>
  idempotentRequest(idempotencyScopeOf(route), execution),
);

function idempotentRequest(scope: string, execution: ExecutionContext): IdempotentRequest {
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
}

/** The scope a route's keys live in: `POST /api/users/convert` (the recorded keys of every route use this form). */
export function idempotencyScopeOf(route: Pick<AnyRoute, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}
